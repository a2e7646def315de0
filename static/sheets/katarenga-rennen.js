/* Das Rennen: step through a game's positions without reloading the page.
 *
 * The page works without this script: the board shows the position after the move named by
 * ?game=G&move=N and every move and stepper button is a link to such a position. Here the same
 * links redraw the board in place from the positions embedded as JSON (kr-data-G).
 */
(function () {
  "use strict";

  var FILES = "abcdefgh";
  var ARROW_GAP = 0.5;

  function squareIndex(name) {
    return FILES.indexOf(name.charAt(0)) + 8 * (Number(name.charAt(1)) - 1);
  }

  function disc(className) {
    var span = document.createElement("span");
    span.className = className;
    return span;
  }

  function setup(section) {
    var script = document.getElementById(section.getAttribute("data-script"));
    var board = section.querySelector(".kr-board");
    if (!script || !board) {
      return;
    }
    var data = JSON.parse(script.textContent);
    var positions = data.positions;
    var last = positions.length - 1;
    var play = section.querySelector(".kr-play");
    var squares = Array.prototype.slice.call(section.querySelectorAll(".kr-sq[data-square]"));
    var caption = section.querySelector(".kr-caption");
    var counter = section.querySelector(".kr-counter");
    var svg = section.querySelector(".kr-arrows");
    var arrow = section.querySelector(".kr-arrow");
    var listBox = section.querySelector(".kr-moves-scroll");
    var links = {};
    section.querySelectorAll(".kr-move[data-n]").forEach(function (link) {
      links[link.getAttribute("data-n")] = link;
    });
    var current = Number(board.getAttribute("data-current")) || 0;

    function href(n) {
      return "?game=" + data.game + "&move=" + n + "#" + section.id;
    }

    function setCaption(n, pos) {
      caption.textContent = "";
      var text = document.createElement("span");
      text.className = "kr-caption-text";
      if (n === 0) {
        text.textContent = play.getAttribute("data-caption-start");
        caption.appendChild(text);
        return;
      }
      var template = play.getAttribute(pos.s === "white" ? "data-caption-white"
                                                          : "data-caption-black");
      text.textContent = template.replace("__N__", String(n));
      caption.appendChild(text);
      caption.appendChild(document.createTextNode(" "));
      var move = document.createElement("span");
      move.className = "kr-caption-move";
      if (links[String(n)]) {
        move.innerHTML = links[String(n)].innerHTML;
      }
      caption.appendChild(move);
    }

    function setArrow(pos) {
      svg.classList.toggle("kr-displacing", Boolean(pos.d));
      if (!pos.f || !pos.t) {
        arrow.setAttribute("visibility", "hidden");
        return;
      }
      var x1 = FILES.indexOf(pos.f.charAt(0)) + 0.5, y1 = 8.5 - Number(pos.f.charAt(1));
      var x2 = FILES.indexOf(pos.t.charAt(0)) + 0.5, y2 = 8.5 - Number(pos.t.charAt(1));
      var length = Math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
      // Stop short of the destination's centre, so that the head touches the piece there.
      x2 -= (x2 - x1) / length * ARROW_GAP;
      y2 -= (y2 - y1) / length * ARROW_GAP;
      arrow.removeAttribute("visibility");
      arrow.setAttribute("x1", x1);
      arrow.setAttribute("y1", y1);
      arrow.setAttribute("x2", x2.toFixed(3));
      arrow.setAttribute("y2", y2.toFixed(3));
    }

    function keepVisible(link) {
      if (!listBox || !link) {
        return;
      }
      var box = listBox.getBoundingClientRect();
      var rect = link.getBoundingClientRect();
      var head = listBox.querySelector("thead");
      var top = box.top + (head ? head.getBoundingClientRect().height : 0);
      if (rect.top < top) {
        listBox.scrollTop -= top - rect.top + 4;
      } else if (rect.bottom > box.bottom) {
        listBox.scrollTop += rect.bottom - box.bottom + 4;
      }
    }

    function show(n, quiet) {
      n = Math.max(0, Math.min(last, n));
      current = n;
      var pos = positions[n];
      squares.forEach(function (cell) {
        var name = cell.getAttribute("data-square");
        var piece = pos.p.charAt(squareIndex(name));
        cell.classList.toggle("kr-from", name === pos.f);
        cell.classList.toggle("kr-to", name === pos.t);
        cell.classList.toggle("kr-displaced", name === pos.t && Boolean(pos.d));
        cell.querySelectorAll(".kr-piece, .kr-waiting").forEach(function (old) {
          cell.removeChild(old);
        });
        if (piece === "W") {
          cell.appendChild(disc("kr-piece kr-white"));
        } else if (piece === "B") {
          cell.appendChild(disc("kr-piece kr-black"));
        }
        if (pos.w === name) {
          // The displaced piece belongs to the other side than the piece now on the square.
          cell.appendChild(disc("kr-waiting " + (piece === "W" ? "kr-black" : "kr-white")));
        }
      });
      setArrow(pos);
      setCaption(n, pos);
      board.setAttribute("data-current", String(n));
      counter.textContent = n + " / " + last;
      section.querySelectorAll(".kr-step").forEach(function (step) {
        var kind = step.getAttribute("data-step");
        var target = {first: 0, prev: Math.max(0, n - 1), next: Math.min(last, n + 1),
                      last: last}[kind];
        step.setAttribute("href", href(target));
        step.classList.toggle("kr-disabled", target === n);
      });
      Object.keys(links).forEach(function (key) {
        var on = Number(key) === n;
        links[key].classList.toggle("kr-current", on);
        if (on) {
          links[key].setAttribute("aria-current", "step");
        } else {
          links[key].removeAttribute("aria-current");
        }
      });
      keepVisible(links[String(n)]);
      if (!quiet && window.history && window.history.replaceState) {
        window.history.replaceState(null, "", href(n));
      }
    }

    section.addEventListener("click", function (event) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var link = event.target.closest(".kr-step, .kr-move[data-n]");
      if (!link || !section.contains(link)) {
        return;
      }
      event.preventDefault();
      var kind = link.getAttribute("data-step");
      if (kind) {
        show({first: 0, prev: current - 1, next: current + 1, last: last}[kind]);
      } else {
        show(Number(link.getAttribute("data-n")));
      }
    });

    section.addEventListener("keydown", function (event) {
      var steps = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last};
      if (!(event.key in steps) || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      event.preventDefault();
      show(steps[event.key]);
    });

    show(current, true);
  }

  function start() {
    document.querySelectorAll(".kr-game[data-script]").forEach(setup);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
