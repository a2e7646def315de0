/* Rennen match page: one race at a time per game, and each race move by move.
   Without JavaScript every race and every move is shown; this only hides and highlights. */
(function () {
  "use strict";

  function moveStepper(race) {
    var bar = race.querySelector(".rennen-move-stepper");
    if (!bar) return;
    var last = Number(race.dataset.lastMove);
    var moves = Array.prototype.slice.call(race.querySelectorAll("ol.moves li[data-move]"));
    var label = bar.querySelector(".rennen-move-label");
    var step = last;

    function show(k) {
      step = Math.max(0, Math.min(last, k));
      race.querySelectorAll("[data-move]").forEach(function (el) {
        var m = Number(el.dataset.move);
        el.classList.toggle("rennen-future", m > step);
        el.classList.toggle("rennen-current", m === step && step < last);
      });
      race.querySelectorAll("[data-after]").forEach(function (el) {
        el.classList.toggle("rennen-future", Number(el.dataset.after) > step);
      });
      var item = moves.filter(function (li) { return Number(li.dataset.move) === step; })[0];
      label.textContent = step === 0 ? bar.dataset.dealt
        : bar.dataset.moveLabel + " " + step + "/" + last + ": " + (item ? item.textContent.trim() : "");
    }

    bar.hidden = false;
    bar.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-move-step]");
      if (!button) return;
      var to = {first: 0, prev: step - 1, next: step + 1, last: last}[button.dataset.moveStep];
      show(to);
    });
    show(last);
  }

  function raceStepper(game) {
    var nav = game.querySelector(".rennen-race-stepper");
    var races = Array.prototype.slice.call(game.querySelectorAll(".rennen-race"));
    if (!nav || races.length < 2) return;
    var label = nav.querySelector(".rennen-race-label");
    var allButton = nav.querySelector("[data-step=all]");
    var index = 0;
    var all = false;

    function show(i) {
      index = Math.max(0, Math.min(races.length - 1, i));
      races.forEach(function (race, n) {
        if (all || n === index) race.removeAttribute("data-hidden");
        else race.setAttribute("data-hidden", "");
      });
      var shown = races[index].dataset.hand;
      game.querySelectorAll(".rennen-race-row").forEach(function (row) {
        row.classList.toggle("rennen-shown", !all && row.dataset.hand === shown);
      });
      label.textContent = all ? "" : (index + 1) + " / " + races.length;
      nav.querySelector("[data-step=prev]").disabled = all || index === 0;
      nav.querySelector("[data-step=next]").disabled = all || index === races.length - 1;
      allButton.textContent = all ? allButton.dataset.one : allButton.dataset.all;
    }

    nav.hidden = false;
    nav.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-step]");
      if (!button) return;
      if (button.dataset.step === "all") all = !all;
      else show(index + (button.dataset.step === "next" ? 1 : -1));
      show(index);
    });
    game.querySelectorAll(".rennen-races a[href^='#rennen-race-']").forEach(function (link) {
      link.addEventListener("click", function () {
        var target = document.getElementById(link.getAttribute("href").slice(1));
        var n = races.indexOf(target);
        if (n >= 0) { all = false; show(n); }
      });
    });
    var fromHash = races.indexOf(document.getElementById(location.hash.slice(1)));
    show(fromHash >= 0 ? fromHash : 0);
  }

  function init() {
    document.querySelectorAll(".rennen-race").forEach(moveStepper);
    document.querySelectorAll(".rennen-game").forEach(raceStepper);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
