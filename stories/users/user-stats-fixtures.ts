/**
 * What the /userstat calls answer for the demo teacher and student, shaped as the running server
 * gives them. Plain data shared by the stories and the client tests (tests/users/client).
 */

/** One row of a person's lives as the server answers it (1 §3 "Live row"). */
export interface LiveRow {
  liveid: number;
  title: string;
  coursetitle: string;
  begintime: string;
  endtime: string;
  status: number;
  playtype: number;
  scale: number;
  online: number;
}

export const teacherInfo = { nickname: "李老师", name: "李老师", headimg: "", mobile: "13800000001" };
export const studentInfo = { nickname: "赵同学", name: "赵同学", headimg: "", mobile: "13800000003" };

export const teacherStats = {
  courseDo: 1,
  courseTotal: 8,
  liveDo: 30,
  liveTotal: 47,
  "check-do": 21,
  "check-late": 4,
  "check-leaveearly": 3,
  "check-undo": 2,
};

export const studentStats = {
  course: { courseDo: 1, courseTotal: 9 },
  live: { liveDo: 37, liveTotal: 54 },
  check: { "check-do": 22, "check-late": 6, "check-leaveearly": 5, "check-undo": 4 },
};

/**
 * The numbers of a page agree as the server's do (issue 8, finding 21): the check counts add up to
 * the done lives, and a page lists each live once.
 */

/** One live attended live, one only watched as a replay, and one not started. */
export const liveRows: LiveRow[] = [
  { liveid: 42, title: "化学提高第6讲", coursetitle: "互动大班·化学提高", begintime: "2026-11-21 00:36:52", endtime: "2026-11-21 02:27:28", status: 2, playtype: 1, scale: 6, online: 6636 },
  { liveid: 41, title: "化学提高第5讲", coursetitle: "互动大班·化学提高", begintime: "2026-11-14 00:36:52", endtime: "2026-11-14 02:27:28", status: 2, playtype: 2, scale: 6, online: 125 },
  { liveid: 83, title: "少儿美术第4讲", coursetitle: "少儿美术小班", begintime: "2026-12-19 10:00:00", endtime: "2026-12-19 11:00:00", status: 0, playtype: 1, scale: 0, online: 0 },
];

const courses = [
  { title: "高一数学·函数专题", scale: 1 },
  { title: "少儿美术小班", scale: 0 },
  { title: "双师英语阅读", scale: 5 },
  { title: "互动大班·化学提高", scale: 6 },
];

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A term of lives, newest first: the last `upcoming` not started, one in progress, the rest
 * ended, some listened to as replays, some missed (0 seconds).
 */
export function termOfLives(count: number, upcoming = 4): LiveRow[] {
  return Array.from({ length: count }, (_, i) => {
    const course = courses[i % courses.length];
    const day = new Date(Date.UTC(2026, 11, 20) - i * 3 * 86_400_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const status = i < upcoming ? 0 : i === upcoming ? 1 : 2;
    const replay = status === 2 && i % 5 === 0;
    const online = status === 0 ? 0 : i % 7 === 3 ? 0 : 2400 + ((i * 977) % 3600);
    return {
      liveid: 1000 - i,
      title: `${course.title}第${count - i}讲`,
      coursetitle: course.title,
      begintime: `${date} 19:00:00`,
      endtime: `${date} 20:30:00`,
      status,
      playtype: replay ? 2 : 1,
      scale: course.scale,
      online,
    };
  });
}

/** The term of lives behind a page's live numbers: `liveTotal` lives, of which `liveDo` ended and one in progress. */
export const termOf = ({ liveDo, liveTotal }: { liveDo: number; liveTotal: number }) => termOfLives(liveTotal, liveTotal - liveDo - 1);
