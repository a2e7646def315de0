// Das Rennen on the match page's sheet: the board of a game being entered. Click a piece of
// the player to move and then one of its targets (the engine's legal moves, highlighted);
// undo takes the last move back. The moves go into the row's text field, which the sheet
// checks and saves like any other field (static/sheets/entry.js calls render()).
(function () {
  "use strict";
  var FILES = "abcdefgh";
  var COLOURS = {R: "red", Y: "yellow", G: "green", B: "blue"};

  function squareName(index) { return FILES[index % 8] + (Math.floor(index / 8) + 1); }
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }

  function render(tr, live, words, setMoves) {
    var host = tr.querySelector(".kr-entry");
    if (!host) return;
    host.innerHTML = "";
    var selected = host.dataset.selected || null;
    var targets = {};
    (live.targets.white || []).forEach(function (sq) { targets[sq] = "white"; });
    (live.targets.black || []).forEach(function (sq) { targets[sq] = "black"; });
    // The legal moves by origin square: "c1-e2" -> {c1: [{to: "e2", text: "c1-e2"}]}.
    var byOrigin = {};
    live.legal.forEach(function (text) {
      if (text.length !== 5) return;
      var from = text.slice(0, 2);
      (byOrigin[from] = byOrigin[from] || []).push({to: text.slice(3), text: text});
    });
    var mine = live.side === "white" ? "W" : "B";

    var status = document.createElement("p");
    status.className = "kr-entry-status";
    status.setAttribute("aria-live", "polite");
    if (live.over) {
      status.textContent = words.over + ": " + live.outcome.reason;
    } else {
      var text = fill(words.to_move, {name: live.to_move}) + " (" + (live.side === "white" ? words.white : words.black) + ")";
      if (live.pending) text += " · " + fill(words.pending, {name: live.to_move, square: live.pending});
      status.textContent = text;
    }
    host.appendChild(status);

    var board = document.createElement("div");
    board.className = "kr-entry-board";
    board.setAttribute("role", "grid");
    for (var rank = 8; rank >= 1; rank--) {
      for (var file = 0; file < 8; file++) {
        var index = (rank - 1) * 8 + file;
        var name = FILES[file] + rank;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "kr-sq kr-" + COLOURS[live.colours[index].toUpperCase()];
        button.dataset.square = name;
        var piece = live.position[index];
        var label = name;
        if (piece === "W" || piece === "B") {
          var disc = document.createElement("span");
          disc.className = "kr-piece " + (piece === "W" ? "white" : "black");
          button.appendChild(disc);
          label += " " + (piece === "W" ? words.white : words.black);
        }
        if (targets[name]) button.classList.add("kr-target-" + targets[name]);
        if (live.last && (live.last.from === name || live.last.to === name)) button.classList.add("kr-last");
        if (name === live.pending) button.classList.add("kr-pending");
        var movable = !live.over && byOrigin[name] && (piece === mine || name === live.pending);
        if (movable) button.classList.add("kr-movable");
        if (selected === name) button.classList.add("kr-selected");
        if (selected && byOrigin[selected]) {
          byOrigin[selected].forEach(function (move) {
            if (move.to === name) { button.classList.add("kr-legal"); button.dataset.move = move.text; }
          });
        }
        button.setAttribute("aria-label", label);
        board.appendChild(button);
      }
    }
    board.addEventListener("click", function (event) {
      var button = event.target.closest("button.kr-sq");
      if (!button || host.classList.contains("kr-busy")) return;
      if (button.dataset.move) {
        host.dataset.selected = "";
        setMoves(tr, live.moves.concat([button.dataset.move]));
        return;
      }
      host.dataset.selected = button.classList.contains("kr-movable") ? button.dataset.square : "";
      render(tr, live, words, setMoves);
      var again = host.querySelector("button[data-square='" + button.dataset.square + "']");
      if (again) again.focus();
    });
    host.appendChild(board);

    var tools = document.createElement("p");
    tools.className = "kr-entry-tools";
    function tool(text, action, enabled) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "secondary";
      b.textContent = text;
      b.disabled = !enabled;
      b.addEventListener("click", action);
      tools.appendChild(b);
    }
    tool(words.undo, function () { host.dataset.selected = ""; setMoves(tr, live.moves.slice(0, -1)); }, live.moves.length > 0);
    tool(words.pass, function () { setMoves(tr, live.moves.concat(["pass"])); }, live.can_pass);
    tool(words.resign, function () { setMoves(tr, live.moves.concat(["resign"])); }, live.can_resign);
    host.appendChild(tools);

    var list = document.createElement("ol");
    list.className = "kr-entry-moves mono";
    live.moves.forEach(function (move) {
      var li = document.createElement("li");
      li.textContent = move;
      list.appendChild(li);
    });
    host.appendChild(list);
  }

  window.StammtischBoard = {render: render, squareName: squareName};
})();
