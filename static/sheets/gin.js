/* Gin: step through a game. The page's JSON names every move's card and where it went (the
   server checked them against the engine's end); this only moves those cards and draws both
   hands, the stock, the discard pile and, once a player knocked, his melds. */
(function () {
  "use strict";
  var R = window.StammtischReplay;
  var SUITS = "CHSD";
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function order(card) {
    return SUITS.indexOf(card.slice(-1)) * 13 + RANKS.indexOf(card.slice(0, -1));
  }

  function copy(position) {
    return { hands: [position.hands[0].slice(), position.hands[1].slice()],
             pile: position.pile.slice(), stock: position.stock, down: position.down,
             shown: position.shown.slice(), knocker: position.knocker, moved: null };
  }

  function positionsOf(data) {
    var position = { hands: [data.hands[0].slice(), data.hands[1].slice()],
                     pile: [data.upcard], stock: data.stock, down: null,
                     shown: [false, false], knocker: null, moved: null };
    var positions = [position];
    data.steps.forEach(function (step) {
      position = copy(position);
      var hand = position.hands[step.s];
      position.moved = step.c || null;
      if (step.k === "upcard" || step.k === "take") {
        position.pile.pop();
        hand.push(step.c);
      } else if (step.k === "draw") {
        position.stock -= 1;
        hand.push(step.c);
      } else if (step.k === "discard" || step.k === "failed") {
        hand.splice(hand.indexOf(step.c), 1);
        position.pile.push(step.c);
      } else if (step.k === "knock" || step.k === "gin") {
        hand.splice(hand.indexOf(step.c), 1);
        position.down = step.c;
        position.shown[step.s] = true;
        position.knocker = step.s;
      } else if (step.k === "lay") {
        position.shown[step.s] = true;
      }
      hand.sort(function (a, b) { return order(a) - order(b); });
      positions.push(position);
    });
    return positions;
  }

  function group(cards, extra, moved) {
    return '<span class="pc-group' + (extra ? " " + extra : "") + '">' +
      cards.map(function (c) { return R.cardHtml(c, c === moved ? "moved" : ""); }).join("") +
      "</span>";
  }

  function setup(section) {
    var data = JSON.parse(document.getElementById(section.dataset.script).textContent);
    var positions = positionsOf(data);
    var board = section.querySelector(".replay-board");
    var seats = section.querySelectorAll(".gin-seat");
    var stock = section.querySelector(".gin-stock");
    var pile = section.querySelector(".gin-pile");
    var downSlot = section.querySelector(".gin-down-slot");
    var layoffs = section.querySelector(".gin-layoffs");

    function drawSeat(el, seat, position) {
      var hand = el.querySelector(".gin-hand");
      var tag = el.querySelector(".replay-tag");
      if (tag) tag.hidden = position.knocker !== seat;
      var end = data.end;
      if (!position.shown[seat] || !end || !end.melds) {
        hand.innerHTML = position.hands[seat].map(function (c) {
          return R.cardHtml(c, c === position.moved ? "moved" : "");
        }).join("");
        return;
      }
      var defenderLaid = position.knocker === seat && position.shown[1 - seat];
      var html = end.melds[seat].map(function (meld, index) {
        var laid = defenderLaid ? end.layoffs.filter(function (off) { return off[1] === index + 1; })
          .map(function (off) { return off[0]; }) : [];
        return '<span class="pc-group">' + meld.map(function (c) { return R.cardHtml(c); }).join("") +
          laid.map(function (c) { return R.cardHtml(c, "laid"); }).join("") + "</span>";
      }).join("");
      if (end.dead[seat].length) html += group(end.dead[seat], "dead");
      hand.innerHTML = html;
    }

    function draw(step) {
      var position = positions[step];
      seats.forEach(function (el) { drawSeat(el, Number(el.dataset.seat), position); });
      stock.textContent = position.stock;
      pile.innerHTML = position.pile.slice(-3).map(function (c) {
        return R.cardHtml(c, c === position.moved ? "moved" : "");
      }).join("") || "\u2013";
      downSlot.hidden = !position.down;
      if (position.down) {
        downSlot.querySelector(".gin-down").innerHTML = R.backHtml(board.dataset.faceDown);
      }
      if (layoffs) layoffs.hidden = step !== positions.length - 1;
    }

    R.attach(section, { deal: Number(section.dataset.deal), last: positions.length - 1,
                        draw: draw });
  }

  function start() {
    document.querySelectorAll(".gin-game[data-script]").forEach(setup);
    R.followHash();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
