// Preloaded into a server or script process (NODE_OPTIONS=--import=<this file>) with CLOCK_AHEAD_MS:
// the process's Date runs that far ahead of the machine's clock, still ticking. A browser test uses
// it to reach a later day on its own server, such as the next one, when yesterday's use is rated
// (tests/billing/e2e/first-bill.e2e.ts), without waiting for midnight. Timers are untouched.
const ahead = Number(globalThis.process.env.CLOCK_AHEAD_MS || 0);
if (ahead) {
  const RealDate = Date;
  class AheadDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + ahead);
      else super(...args);
    }
    static now() {
      return RealDate.now() + ahead;
    }
  }
  globalThis.Date = AheadDate;
}
