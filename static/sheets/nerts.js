/* Nerts hand replay: steps through the positions the page was given (no rules here).
   Each replay's JSON holds step 0 (the deal) and, per action, what it changed; the board
   shows the position after the chosen action and the action list marks that action. */
(function () {
  "use strict";
  var SUIT = { C: "\u2663", S: "\u2660", H: "\u2665", D: "\u2666" };

  function cardHtml(face) {
    if (!face) return "\u2013";
    if (face === "X1" || face === "X2") return '<span class="card joker">' + face + "</span>";
    var suit = face.slice(-1), rank = face.slice(0, -1);
    var colour = suit === "H" || suit === "D" ? "red" : "black";
    return '<span class="card ' + colour + '">' + SUIT[suit] + rank + "</span>";
  }

  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }

  function setup(root) {
    var data = JSON.parse(document.getElementById(root.dataset.replay).textContent);
    var steps = data.steps, last = steps.length - 1;
    var stepper = root.querySelector(".nerts-stepper");
    var range = stepper.querySelector("input[type=range]");
    var number = stepper.querySelector(".step-no b");
    var caption = stepper.querySelector(".step-caption");
    var title = root.querySelector(".board-title");
    var rows = root.querySelectorAll("tr[data-step]");
    var scroller = root.querySelector(".moves-scroll");
    var current = last;

    // The position after each action: step 0 and the changes folded in, once.
    var positions = [], decks = {}, foundations = {};
    steps.forEach(function (step) {
      decks = Object.assign({}, decks, step.d);
      foundations = Object.assign({}, foundations, step.F);
      positions.push({ d: decks, F: foundations });
    });

    function drawDeck(el, deck) {
      var nerts = el.querySelector("[data-slot=nerts]");
      nerts.querySelector(".cards").innerHTML = cardHtml(deck.n[1]);
      nerts.querySelector(".count").textContent = deck.n[0];
      el.querySelector("[data-slot=stock] .count").textContent = deck.s;
      var waste = el.querySelector("[data-slot=waste]");
      waste.querySelector(".cards").innerHTML = deck.w[1].length
        ? deck.w[1].map(cardHtml).join(" ") : "\u2013";
      waste.querySelector(".count").textContent = deck.w[0];
      el.querySelector("[data-slot=out] .count").textContent = deck.f;
      el.querySelectorAll(".work-pile").forEach(function (pile, i) {
        pile.innerHTML = deck.p[i].map(function (face) {
          return "<li>" + cardHtml(face) + "</li>";
        }).join("");
      });
    }

    function drawFoundation(el, cards) {
      el.hidden = !cards;
      if (!cards) return;
      var teams = root.dataset.teams === "1";
      el.querySelector(".f-cards").innerHTML = cards.map(function (c) {
        var face = cardHtml(c[0]) + (c[2] ? "=" + cardHtml(c[2]) : "");
        var owner = esc(data.decks[c[1]]) + (teams ? " \u00b7 " + esc(c[3]) : "");
        return '<li class="chip deck-' + c[1] + '" title="' + esc(c[3]) + '">' + face +
          ' <span class="owner">' + owner + "</span></li>";
      }).join("");
      var done = el.dataset.complete === "1" && cards.length === Number(el.dataset.size);
      el.classList.toggle("complete", done);
      el.querySelector(".f-complete").textContent = done ? " \u2713" : "";
    }

    function show(k) {
      current = Math.max(0, Math.min(last, k));
      var position = positions[current];
      root.querySelectorAll(".board-deck").forEach(function (el) {
        drawDeck(el, position.d[el.dataset.deck]);
      });
      root.querySelectorAll(".foundation").forEach(function (el) {
        drawFoundation(el, position.F[el.dataset.foundation]);
      });
      range.value = current;
      number.textContent = current;
      rows.forEach(function (row) {
        row.classList.toggle("current", Number(row.dataset.step) === current);
      });
      var row = root.querySelector('tr[data-step="' + current + '"]');
      if (row) {
        caption.textContent = Array.prototype.slice.call(row.cells, 3)
          .map(function (cell) { return cell.textContent.trim(); })
          .filter(Boolean).join(" \u00b7 ");
        var offset = row.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        scroller.scrollTop = Math.max(0, scroller.scrollTop + offset - scroller.clientHeight / 2);
      } else {
        caption.textContent = "";
        scroller.scrollTop = 0;
      }
      title.textContent = current === last ? stepper.dataset.end
        : current === 0 ? stepper.dataset.dealt
        : stepper.dataset.after.replace("NUMBER", current);
    }

    stepper.hidden = false;
    stepper.addEventListener("click", function (event) {
      var go = event.target.closest("button") && event.target.closest("button").dataset.go;
      if (go === "first") show(0);
      else if (go === "prev") show(current - 1);
      else if (go === "next") show(current + 1);
      else if (go === "last") show(last);
    });
    range.addEventListener("input", function () { show(Number(range.value)); });
    rows.forEach(function (row) {
      row.addEventListener("click", function () { show(Number(row.dataset.step)); });
    });
    root.addEventListener("keydown", function (event) {
      if (event.target === range) return;
      if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
      if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    });
    show(last);
  }

  function start() {
    document.querySelectorAll(".nerts-replay[data-replay]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
