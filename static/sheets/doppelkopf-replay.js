/* Doppelkopf: step through a deal. The page's JSON names each move (a seat's card, or its
   word) and each trick's winner and Augen (the server matched the log's moves with the
   engine's tricks); this only moves the cards from the hands to the table, four to a trick,
   and draws the hands, the trick, the words said and the tally of the parties. */
(function () {
  "use strict";
  var R = window.StammtischReplay;

  function positionsOf(data) {
    var position = { hands: data.hands.map(function (h) { return h.slice(); }),
                     trick: [], done: 0, augen: { re: 0, kontra: 0 },
                     won: { re: 0, kontra: 0 }, said: data.names.map(function () { return []; }),
                     moved: null };
    data.early.forEach(function (item) { position.said[item[0]].push(item[1]); });
    var positions = [position];
    data.steps.forEach(function (step) {
      var next = { hands: position.hands.map(function (h) { return h.slice(); }),
                   trick: position.trick.slice(),
                   done: position.done, augen: { re: position.augen.re, kontra: position.augen.kontra },
                   won: { re: position.won.re, kontra: position.won.kontra },
                   said: position.said.map(function (s) { return s.slice(); }), moved: null };
      if (step.k === "c") {
        // A finished trick stays on the table until the next card is led.
        if (next.trick.length === 4) next.trick = [];
        var hand = next.hands[step.s];
        hand.splice(hand.indexOf(step.c), 1);
        next.trick.push({ s: step.s, c: step.c });
        next.moved = step.s;
        if (next.trick.length === 4) {
          var trick = data.tricks[next.done];
          next.done += 1;
          if (trick.p === "re" || trick.p === "kontra") {
            next.augen[trick.p] += trick.a;
            next.won[trick.p] += 1;
          }
        }
      } else {
        next.said[step.s].push(step.w);
      }
      positions.push(next);
      position = next;
    });
    return positions;
  }

  function setup(section) {
    var data = JSON.parse(document.getElementById(section.dataset.script).textContent);
    var positions = positionsOf(data);
    var board = section.querySelector(".replay-board");
    var seats = section.querySelectorAll(".dk-replay-seat");
    var table = section.querySelector(".dk-replay-trick");
    var labels = board.dataset;

    function draw(step) {
      var position = positions[step];
      seats.forEach(function (el) {
        var seat = Number(el.dataset.seat);
        el.querySelector(".dk-replay-hand").innerHTML = position.hands[seat].map(function (c) {
          return R.cardHtml(c);
        }).join("");
        el.querySelector(".dk-replay-said").innerHTML = position.said[seat].map(function (word) {
          return "<span>" + R.esc(word.toUpperCase()) + "</span>";
        }).join("");
        el.classList.toggle("to-move", position.moved === seat);
      });
      var complete = position.trick.length === 4;
      var trick = complete ? data.tricks[position.done - 1] : null;
      var number = position.done + (complete ? 0 : 1);
      var html = position.trick.length
        ? "<strong>" + R.esc(labels.trick.replace("{n}", number)) + "</strong> " : "";
      html += position.trick.map(function (play) {
        var won = trick && trick.w === play.s;
        return '<span class="dk-replay-play' + (won ? " won" : "") + '">' +
          R.cardHtml(play.c, play.s === position.moved ? "moved" : "") +
          R.esc(data.names[play.s]) + "</span>";
      }).join("");
      if (trick) {
        html += " <span>" + R.esc(labels.taken.replace("{name}", data.names[trick.w])
          .replace("{augen}", trick.a)) + "</span>";
      }
      table.innerHTML = html;
      var tally = section.querySelector(".dk-replay-tally");
      if (!tally) return;  // a Hammelrennen: every player for himself
      tally.querySelector(".dk-tally-re").textContent = position.augen.re;
      tally.querySelector(".dk-tally-kontra").textContent = position.augen.kontra;
      tally.querySelector(".dk-tricks-re").textContent = position.won.re;
      tally.querySelector(".dk-tricks-kontra").textContent = position.won.kontra;
    }

    R.attach(section, { deal: Number(section.dataset.deal), last: positions.length - 1,
                        draw: draw });
  }

  function start() {
    document.querySelectorAll(".dk-replay[data-script]").forEach(setup);
    R.followHash();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
