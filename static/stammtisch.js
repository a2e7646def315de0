/* Every page: a wide table that scrolls in its own box (.table-scroll) can be reached and
   scrolled with the keyboard; boxes that fit need no extra tab stop. Checked again when the
   window changes size or a live page swaps its parts. */
(function () {
  "use strict";
  function mark() {
    document.querySelectorAll(".table-scroll, .rules-document pre").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        if (!box.hasAttribute("role")) { box.setAttribute("role", "region"); }
        var table = box.querySelector("table caption, h2, h3");
        if (!box.hasAttribute("aria-label")) {
          box.setAttribute("aria-label", (table && table.textContent.trim()) || document.title);
        }
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
      }
    });
  }
  mark();
  window.addEventListener("resize", mark);
  document.addEventListener("live:updated", mark);
}());
