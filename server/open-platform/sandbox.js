// The sandbox open platform's page script (server/routes/tools/sandbox.ts). Plain browser script:
// it runs inside the console's frame, on the open-platform prefix of this server.
(function () {
  var base = document.currentScript.src.replace(/\/_sandbox\/sandbox\.js.*$/, "");
  var query = new URLSearchParams(location.search);
  var token = query.get("token") || "";
  var $ = function (id) { return document.getElementById(id); };

  $("path").textContent = location.pathname.slice(new URL(base).pathname.length) || "/";

  var params = $("params");
  query.forEach(function (value, name) {
    if (name === "token") return;
    var dt = document.createElement("dt");
    dt.textContent = name;
    var dd = document.createElement("dd");
    dd.textContent = value;
    dd.setAttribute("data-param", name);
    params.appendChild(dt);
    params.appendChild(dd);
  });
  if (!params.children.length) {
    // A definition list holds only terms and definitions: "none" is a paragraph of its own.
    var none = document.createElement("p");
    none.textContent = "（无）";
    params.replaceWith(none);
  }

  var state = $("token-state");
  fetch(base + "/v1/token?token=" + encodeURIComponent(token), { credentials: "omit" })
    .then(function (r) { return r.json(); })
    .then(function (answer) {
      if (answer.code !== 0) throw new Error(answer.msg || "token无效或已过期");
      var d = answer.data;
      state.textContent = "有效（机构 " + d.org_id + "，身份 " + d.identity_id + "，有效至 " + new Date(d.expires_at * 1000).toLocaleString("zh-CN") + "）";
      state.className = "ok";
      $("tool").textContent = d.title + "（" + d.tool + "）";
      $("title").textContent = "开放平台沙箱：" + d.title;
    })
    .catch(function (error) {
      state.textContent = "无效：" + error.message;
      state.className = "bad";
    });

  // The digital-human page tells the console whether leaving would lose work (3 §2.5).
  var parentOrigin = document.referrer ? new URL(document.referrer).origin : "*";
  var post = function (flag) {
    window.parent.postMessage({ type: "goBackTip", flag: flag }, parentOrigin);
    $("posted").textContent = "已通知控制台：goBackTip " + flag;
  };
  $("unsaved").addEventListener("click", function () { post(true); });
  $("saved").addEventListener("click", function () { post(false); });
})();
