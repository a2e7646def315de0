/* The projector view: show one part at a time (the current round, then the standings),
   each for fifteen seconds. The parts are live regions, so a swap keeps the rotation. */
(function () {
  "use strict";
  var shown = 0;
  // ?rotate=N shows each part N seconds (a club's own pace); 15 by default.
  var seconds = Number(new URLSearchParams(window.location.search).get("rotate")) || 15;
  function slides() { return Array.prototype.slice.call(document.querySelectorAll("#slides .slide")); }
  function show() {
    var all = slides();
    if (!all.length) { return; }
    shown = shown % all.length;
    all.forEach(function (slide, index) { slide.hidden = index !== shown; });
  }
  document.body.classList.add("rotating");
  show();
  window.setInterval(function () { shown += 1; show(); }, seconds * 1000);
  document.addEventListener("live:updated", show);
}());
