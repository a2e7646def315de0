// Doppelkopf match page: step through a deal's tricks, open a deal from the list.
// Without JavaScript every trick is listed and every deal opens by its summary.
(function () {
  "use strict";
  function stepper(table) {
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr.dk-trick"));
    if (!rows.length) return;
    var labels = document.getElementById("score-sheet").dataset;
    var shown = rows.length; // all tricks
    var bar = document.createElement("div");
    bar.className = "dk-stepper";
    function button(text, title, delta) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = text; b.title = title;
      b.addEventListener("click", function () { show(delta(shown)); });
      bar.appendChild(b);
      return b;
    }
    var first = button("«", labels.first, function () { return 1; });
    var prev = button("◀", labels.previous, function (n) { return n - 1; });
    var out = document.createElement("output");
    bar.appendChild(out);
    var next = button("▶", labels.next, function (n) { return n + 1; });
    var all = button(labels.all, labels.all, function () { return rows.length; });
    function show(n) {
      shown = Math.max(1, Math.min(rows.length, n));
      rows.forEach(function (row, index) {
        row.classList.toggle("dk-later", index >= shown);
        row.classList.toggle("dk-current", index === shown - 1 && shown < rows.length);
      });
      out.textContent = labels.trick.replace("{n}", shown).replace("{of}", rows.length);
      first.disabled = prev.disabled = shown === 1;
      next.disabled = all.disabled = shown === rows.length;
    }
    table.parentNode.insertBefore(bar, table);
    show(rows.length);
  }
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS") target.open = true;
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("table.dk-tricks").forEach(stepper);
    var toggle = document.querySelector(".dk-open-all");
    if (toggle) {
      var openText = toggle.textContent;
      var closeText = document.getElementById("score-sheet").dataset.closeAll;
      toggle.hidden = false;
      toggle.addEventListener("click", function () {
        var deals = document.querySelectorAll("details.dk-deal");
        var open = Array.prototype.some.call(deals, function (d) { return !d.open; });
        deals.forEach(function (d) { d.open = open; });
        toggle.textContent = open ? closeText : openText;
      });
    }
    window.addEventListener("hashchange", openTarget);
    openTarget();
  });
})();
