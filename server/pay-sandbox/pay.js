// The payment sandbox's order page script (server/features/billing/billing.ts). Plain browser
// script: it pays or cancels the order, then takes an alipay payer back to the console's result page.
(function () {
  var main = document.querySelector("main");
  var state = document.getElementById("state");
  var buttons = document.querySelectorAll("#actions button");
  var act = function (action) {
    buttons.forEach(function (b) { b.disabled = true; });
    state.className = "";
    state.textContent = action === "pay" ? "正在支付…" : "正在取消…";
    fetch(location.pathname, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "omit",
      body: JSON.stringify({ trade_no: main.dataset.tradeNo, sign: main.dataset.sign, action: action }),
    })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (answer.code !== 0) throw new Error(answer.msg || "支付失败");
        main.dataset.status = answer.data.status;
        document.getElementById("actions").hidden = true;
        state.className = answer.data.status === "paid" ? "ok" : "bad";
        state.textContent = answer.data.status === "paid" ? "支付成功" + (main.dataset.way === "alipay" ? "，正在返回…" : "，可以关闭本页") : "已取消支付";
        if (main.dataset.way === "alipay") location.assign(answer.data.return_url);
      })
      .catch(function (err) {
        buttons.forEach(function (b) { b.disabled = false; });
        state.className = "bad";
        state.textContent = err.message || "支付失败，请重试";
      });
  };
  document.getElementById("pay").addEventListener("click", function () { act("pay"); });
  document.getElementById("cancel").addEventListener("click", function () { act("cancel"); });
})();
