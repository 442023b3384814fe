const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD HH:mm:ss' in the server's local time, the way the lists show an update time (1 §2.4). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
