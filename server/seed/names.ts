const surnames = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";
const given = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉兰萍鹏辉玲桂芳丹萍鑫波斌宇浩凯欣怡子涵梓轩雨桐思远佳琪一诺俊杰晨曦欣然梦瑶浩然子墨";

/** A deterministic Chinese name for the n-th demo person, so the demo reads the same every time. */
export function demoName(n: number): string {
  const s = surnames[n % surnames.length];
  const g1 = given[(n * 7) % given.length];
  const g2 = n % 3 === 0 ? "" : given[(n * 13 + 5) % given.length];
  return s + g1 + g2;
}
