// Stands in for resize-observer-polyfill in the browser build (see vite.config.ts):
// every browser the console supports has ResizeObserver natively.
export default globalThis.ResizeObserver;
