// The sandbox open platform's page script (server/features/tools/sandbox.ts). Plain browser script:
// it runs inside the console's frame, on the open-platform prefix of this server.
(function () {
  var base = document.currentScript.src.replace(/\/_sandbox\/sandbox\.js.*$/, "");
  var query = new URLSearchParams(location.search);
  var main = document.querySelector("main");
  var $ = function (id) { return document.getElementById(id); };

  // What the console sent, for the tests and for a developer's inspector, not for the page's reader.
  var params = {};
  query.forEach(function (value, name) {
    if (name !== "token") params[name] = value;
  });
  main.setAttribute("data-params", JSON.stringify(params));

  var state = $("state");
  fetch(base + "/v1/token?token=" + encodeURIComponent(query.get("token") || ""), { credentials: "omit" })
    .then(function (r) { return r.json(); })
    .then(function (answer) {
      if (answer.code !== 0 || answer.data.tool !== main.getAttribute("data-tool")) throw new Error("refused");
      main.setAttribute("data-token", "valid");
      state.textContent = "已确认你可以使用此工具。";
      state.className = "ok";
    })
    .catch(function () {
      main.setAttribute("data-token", "invalid");
      state.textContent = "无法确认你的使用权限，请返回后重新进入本页。";
      state.className = "bad";
    });

  // The digital-human page tells the console whether leaving would lose work (3 §2.5).
  var parentOrigin = document.referrer ? new URL(document.referrer).origin : "*";
  var post = function (flag, said) {
    window.parent.postMessage({ type: "goBackTip", flag: flag }, parentOrigin);
    $("posted").textContent = said;
  };
  $("unsaved").addEventListener("click", function () { post(true, "已模拟：有未保存的内容。现在点「返回」会先询问。"); });
  $("saved").addEventListener("click", function () { post(false, "已模拟：内容已保存。现在点「返回」会直接离开。"); });
})();
