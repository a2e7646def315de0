/* The card replays (Gin, Doppelkopf): a stepper over the positions a page's own script
   draws, the arrow keys, and a link to every move (#deal-3-move-17) that opens the deal at
   that move. Without JavaScript the page shows the end of each deal and every move listed. */
(function () {
  "use strict";
  var SUIT = { C: "\u2663", S: "\u2660", H: "\u2665", D: "\u2666" };
  var replays = {};
  var following = false;

  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }

  // A card as the pages draw it: the card filter's markup inside a card frame.
  function cardHtml(text, extra) {
    var suit = text.slice(-1), rank = text.slice(0, -1);
    var colour = suit === "H" || suit === "D" ? "red" : "black";
    return '<span class="pc' + (extra ? " " + extra : "") + '"><span class="card ' + colour +
      '">' + SUIT[suit] + esc(rank) + "</span></span>";
  }

  function backHtml(title) {
    return '<span class="pc back" title="' + esc(title || "") + '"></span>';
  }

  // options: deal (number), last (number of moves), draw(step) redraws the board.
  function attach(section, options) {
    var board = section.querySelector(".replay-board");
    var stepper = section.querySelector(".replay-stepper");
    var counter = stepper.querySelector(".replay-counter");
    var caption = section.querySelector(".replay-caption");
    var list = section.querySelector(".replay-moves");
    var items = Array.prototype.slice.call(section.querySelectorAll(".replay-moves li[id]"));
    var byStep = {};
    // Each move's item is named after it: deal-3-move-17.
    function stepOf(li) { return Number(li.id.slice(li.id.lastIndexOf("-") + 1)); }
    items.forEach(function (li) { byStep[stepOf(li)] = li; });
    var last = options.last, current = last;
    var buttons = {};
    stepper.querySelectorAll("button[data-go]").forEach(function (b) { buttons[b.dataset.go] = b; });

    function keepVisible(li) {
      if (!li || !list) return;
      var box = list.getBoundingClientRect(), rect = li.getBoundingClientRect();
      if (rect.top < box.top) list.scrollTop -= box.top - rect.top + 4;
      else if (rect.bottom > box.bottom) list.scrollTop += rect.bottom - box.bottom + 4;
    }

    function go(step, share) {
      current = Math.max(0, Math.min(last, step));
      options.draw(current);
      counter.textContent = current + " / " + last;
      items.forEach(function (li) {
        var n = stepOf(li);
        li.classList.toggle("current", n === current);
        li.classList.toggle("later", n > current);
        if (n === current) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
      });
      var li = byStep[current];
      caption.innerHTML = li ? li.querySelector(".replay-text").innerHTML : esc(board.dataset.dealt);
      buttons.first.disabled = buttons.prev.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = current === last;
      keepVisible(li);
      if (share && window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#deal-" + options.deal +
          (current ? "-move-" + current : ""));
      }
    }

    stepper.hidden = false;
    stepper.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (!button) return;
      var to = { first: 0, prev: current - 1, next: current + 1, last: last }[button.dataset.go];
      go(to, true);
    });
    board.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to, true);
    });
    section.addEventListener("click", function (event) {
      var link = event.target.closest(".replay-link");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      go(stepOf(link.closest("li")), true);
      board.focus({ preventScroll: true });
    });
    var controller = { go: go, board: board, section: section };
    replays[options.deal] = controller;
    go(last, false);
    return controller;
  }

  function showHash() {
    var found = /^#deal-(\d+)(?:-move-(\d+))?$/.exec(window.location.hash);
    if (!found || !replays[found[1]]) return;
    var replay = replays[found[1]];
    var details = replay.section.closest("details");
    if (details) details.open = true;
    replay.go(found[2] === undefined ? Number(replay.board.dataset.lastStep || 1e9)
                                     : Number(found[2]), false);
    replay.board.focus({ preventScroll: true });
    replay.board.scrollIntoView({ block: "start" });
  }

  // Called by a page's script once its replays are attached. The browser scrolls to the
  // link's target itself (and moves the focus away) until the page has loaded: then again.
  function followHash() {
    if (!following) {
      following = true;
      window.addEventListener("hashchange", showHash);
      if (document.readyState !== "complete") {
        window.addEventListener("load", showHash, { once: true });
      }
    }
    showHash();
  }

  window.StammtischReplay = { attach: attach, cardHtml: cardHtml, backHtml: backHtml,
                              followHash: followHash, esc: esc };
})();
