import { defineFormPage } from "../kernel/form-page";
import { payWayLabels, rechargeApi, rechargeMenuKey } from "./recharge";
import { billingPages, rechargePage } from "./routes";
import { balanceAlert, overviewMenuKey } from "./alerts";

/**
 * /recharge (3 §7.3): an amount (the presets 1000, 3000, 5000, 10000 or another) and the way to pay,
 * which chooses the call (alipay, wechatpay or bank); saving makes a pending order, and the part shown
 * after it (`rechargePay`, src/features/billing) takes the payer to it: alipay's page,
 * wechatpay's QR asked about every 3 s until paid, or the bank account and the note to write.
 */
export const rechargeForm = defineFormPage({
  ...rechargePage,
  kind: "create",
  access: rechargeMenuKey,
  form: "recharge.pay.create",
  formLabels: { way: payWayLabels },
  width: 640,
  intro: "充值到本机构账户，到账后可用于直播、回放、存储、转码和短信等服务。金额以元计，精确到分。",
  submit: "立即充值",
  save: {
    call: rechargeApi.alipay,
    callBy: { field: "way", calls: { wechatpay: rechargeApi.wechatpay, bank: rechargeApi.bank } },
    send: ["fee"],
    success: "订单已创建，请完成支付",
    after: { part: "rechargePay" },
  },
});

/**
 * The overview's warning threshold with its set button (3 §2.3, §5): the organisation's one
 * record, drawn inside /accountOverview rather than at a route of its own. Sent as typed; the
 * server's bound answers a refusal, shown under the field.
 */
export const thresholdForm = defineFormPage({
  route: billingPages.accountOverview.route,
  title: balanceAlert.title,
  kind: "single",
  access: overviewMenuKey,
  form: balanceAlert.form,
  name: "balanceAlert",
  read: { call: balanceAlert.api.get, failed: "预警金额加载失败" },
  submit: "设置",
  save: { call: balanceAlert.api.update, success: balanceAlert.saved, after: "stay" },
});

export const billingFormPages = [rechargeForm];
