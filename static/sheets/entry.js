// The score sheet on the match page: every row is checked as it is typed (the row-check
// API answers the value, the running totals and the problems per row), and the draft is
// saved as it is typed: on the server (per person and match) and in this browser (for a
// phone without a connection), so that closing the browser loses nothing.
// Without this script the form still posts and comes back checked.
(function () {
  "use strict";
  var form = document.getElementById("sheet-entry");
  var configEl = document.getElementById("entry-config");
  if (!form || !configEl) return;
  var config = JSON.parse(configEl.textContent);
  var words = config.words;
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var tbody = form.querySelector("#entry-grid tbody");
  var rowsInput = document.getElementById("sheet-rows");
  var stateEl = document.getElementById("draft-state");
  var summaryEl = document.getElementById("entry-summary");
  var problemsEl = document.getElementById("sheet-problems");
  var storageKey = "stammtisch-draft:" + config.match + ":" + (form.dataset.user || "");
  var lastAnswer = null;
  var checkTimer = null, saveTimer = null, checking = 0;

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) {
      return values[key] === undefined || values[key] === null ? "" : values[key];
    });
  }
  function rowEls() { return Array.prototype.slice.call(tbody.querySelectorAll("tr.entry-row")); }
  function fieldOf(input) {
    var match = /^r\d+-(.+)$/.exec(input.name || "");
    return match ? match[1] : null;
  }
  function readRow(tr) {
    var row = {};
    tr.querySelectorAll("input, select").forEach(function (input) {
      var name = fieldOf(input);
      if (!name) return;
      if (input.type === "checkbox") { if (input.checked) row[name] = "1"; }
      else if (String(input.value).trim() !== "") row[name] = String(input.value).trim();
    });
    return row;
  }
  function collect() { return rowEls().map(readRow); }
  function trimmed(rows) {
    rows = rows.slice();
    while (rows.length && !Object.keys(rows[rows.length - 1]).length) rows.pop();
    return rows;
  }
  function isEmpty(row) { return !Object.keys(row).length; }

  // -- rows: show the inputs a row's game needs, add a row when the last one is used -----
  function applyVisibility(tr) {
    var gameSelect = tr.querySelector("select[name$='-game']");
    var game = gameSelect ? gameSelect.value : "";
    tr.querySelectorAll(".field[data-when], .field[data-unless]").forEach(function (span) {
      var when = span.dataset.when ? span.dataset.when.split(",") : null;
      var unless = span.dataset.unless ? span.dataset.unless.split(",") : [];
      var show = when ? when.indexOf(game) >= 0 : unless.indexOf(game) < 0;
      span.hidden = !show;
    });
    var mode = tr.querySelector("select[name$='-mode']");
    if (mode) {
      var board = mode.value === "board" || (!mode.value && tr.querySelector("input[name$='-moves']").value);
      tr.classList.toggle("mode-board", !!board);
      tr.classList.toggle("mode-line", mode.value === "line");
    }
  }
  function renumber(tr, number) {
    tr.dataset.row = number;
    tr.id = "row-" + number;
    tr.querySelector(".row-no").textContent = number;
    tr.querySelectorAll("[name], [id], label[for], [aria-describedby], [data-board-row]").forEach(function (el) {
      ["name", "id", "for", "aria-describedby"].forEach(function (attr) {
        var value = el.getAttribute(attr);
        if (value) el.setAttribute(attr, value.replace(/r\d+-/, "r" + number + "-").replace(/^row-\d+-/, "row-" + number + "-"));
      });
      if (el.dataset.boardRow) el.dataset.boardRow = number;
    });
  }
  function addRow() {
    var rows = rowEls();
    var last = rows[rows.length - 1];
    var copy = last.cloneNode(true);
    copy.querySelectorAll("input, select").forEach(function (input) {
      if (input.type === "checkbox") input.checked = false;
      else if (input.tagName === "SELECT") input.selectedIndex = 0;
      else input.value = "";
      input.removeAttribute("aria-invalid");
    });
    copy.querySelectorAll(".problem").forEach(function (el) { el.remove(); });
    copy.querySelectorAll(".invalid").forEach(function (el) { el.classList.remove("invalid"); });
    copy.querySelectorAll(".has-problem").forEach(function (el) { el.classList.remove("has-problem"); });
    copy.querySelector(".out-line").textContent = "";
    var seats = copy.querySelector(".out-seats");
    if (seats) seats.remove();
    copy.querySelector(".row-problems").innerHTML = "";
    copy.querySelectorAll(".kr-entry").forEach(function (el) { el.innerHTML = ""; });
    copy.className = "entry-row status-blank";
    renumber(copy, rows.length + 1);
    tbody.appendChild(copy);
    rowsInput.value = rows.length + 1;
    applyVisibility(copy);
    return copy;
  }
  function keepBlankRowAtEnd() {
    if (config.game === "katarenga-rennen") return;
    var rows = rowEls();
    if (!isEmpty(readRow(rows[rows.length - 1]))) addRow();
    // On a phone only the next blank row is shown; the rest wait below "Add a row".
    var seenBlank = false;
    rowEls().forEach(function (tr) {
      var blank = isEmpty(readRow(tr)) && !tr.contains(document.activeElement);
      tr.classList.toggle("row-spare", blank && seenBlank);
      if (blank) seenBlank = true; else seenBlank = false;
    });
  }
  function fillRows(rows) {
    while (rowEls().length < rows.length) addRow();
    rowEls().forEach(function (tr, index) {
      var row = rows[index] || {};
      tr.querySelectorAll("input, select").forEach(function (input) {
        var name = fieldOf(input);
        if (!name) return;
        if (input.type === "checkbox") input.checked = !!row[name];
        else input.value = row[name] || "";
      });
      applyVisibility(tr);
    });
  }

  // -- the draft: on the server, and in this browser until the server has it ------------
  function remember(rows, saved) {
    try {
      localStorage.setItem(storageKey, JSON.stringify({rows: rows, saved: saved, at: Date.now()}));
    } catch (e) { /* private mode: the server keeps it */ }
  }
  function local() {
    try { return JSON.parse(localStorage.getItem(storageKey) || "null"); } catch (e) { return null; }
  }
  function saveDraft(keepalive) {
    clearTimeout(saveTimer);
    var rows = trimmed(collect());
    remember(rows, false);
    stateEl.textContent = words.saving;
    return fetch(form.dataset.draft, {
      method: "PUT", credentials: "same-origin", keepalive: !!keepalive,
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf,
                "Accept-Language": document.documentElement.lang},
      body: JSON.stringify({entry: "sheet", rows: rows})
    }).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      remember(rows, true);
      stateEl.textContent = words.saved;
    }).catch(function () { stateEl.textContent = words.offline; });
  }

  // -- the check: one request for the whole sheet, answered row by row -------------------
  function check() {
    clearTimeout(checkTimer);
    var ticket = ++checking;
    return fetch(form.dataset.check, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf,
                "Accept-Language": document.documentElement.lang},
      body: JSON.stringify({rows: collect()})
    }).then(function (response) { return response.json(); }).then(function (answer) {
      if (ticket !== checking || !answer.rows) return;  // a newer check is on its way
      lastAnswer = answer;
      render(answer);
    }).catch(function () { /* no connection: the draft is kept, the check comes later */ });
  }
  function focusedRow() {
    var active = document.activeElement;
    var tr = active && active.closest ? active.closest("tr.entry-row") : null;
    return tr ? Number(tr.dataset.row) : null;
  }
  function signed(n) {
    if (typeof n !== "number") return "";
    return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0";
  }
  function plain(n) {
    if (typeof n !== "number") return n === null || n === undefined ? "" : String(n);
    return n < 0 ? "−" + (-n) : String(n);
  }
  function outLine(row) {
    var line = [];
    if (config.game === "doppelkopf") {
      if (row.dealer) line.push(words.dealer + " " + row.dealer);
      if (row.label) line.push(row.label);
      if (row.pflichtsolo) line.push(row.forced ? words.forced : words.pflicht);
      line.push(words.value + " " + (row.value || 0));
      if (row.gegen_die_alten) line.push(words.alten);
    } else if (config.game === "gin") {
      line.push(fill(words.round, {n: row.round}));
      if (row.credit && row.credit.player) line.push(fill(words.credit, {name: row.credit.player, points: row.credit.points}));
    } else if (config.game === "rennen") {
      line.push(fill(words.game, {n: row.game}) + ", " + fill(words.race, {n: row.race}));
      if (row.end && row.end.text) line.push(row.end.text);
    } else if (config.game === "katarenga-rennen" && row.moves) {
      line.push(words.moves + " " + row.moves);
    }
    return line.join(" · ");
  }
  function clearMarks(tr) {
    tr.querySelectorAll(".field.invalid").forEach(function (el) { el.classList.remove("invalid"); });
    tr.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid"); el.removeAttribute("aria-describedby");
    });
    tr.querySelectorAll(".problem").forEach(function (el) { el.remove(); });
    tr.querySelectorAll(".has-problem").forEach(function (el) { el.classList.remove("has-problem"); });
  }
  function mark(tr, field, text) {
    var span = tr.querySelector(".field[data-field='" + field + "']");
    if (!span) {
      var cell = tr.querySelector("td[data-col='" + field + "']");
      if (!cell) return false;
      cell.classList.add("has-problem");
      span = cell.querySelector(".field");
      if (!span) return false;
    }
    span.classList.add("invalid");
    span.closest("td").classList.add("has-problem");
    var input = span.querySelector("input, select");
    var note = document.createElement("span");
    note.className = "problem";
    note.id = (input ? input.id : "row") + "-problem";
    note.textContent = text;
    span.appendChild(note);
    if (input) { input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", note.id); }
    return true;
  }
  function render(answer) {
    var focused = focusedRow();
    var expected = config.rotation;
    var sheet = answer.sheet || {};
    answer.rows.forEach(function (row) {
      var tr = tbody.querySelector("tr.entry-row[data-row='" + row.row + "']");
      if (!tr) return;
      var hideMissing = row.row === focused;
      var problems = (row.problems || []).filter(function (p) { return !(p.missing && hideMissing); });
      var status = row.status === "problem" && !problems.length ? "typing" : row.status;
      tr.className = "entry-row status-" + status;
      clearMarks(tr);
      var list = tr.querySelector(".row-problems");
      list.innerHTML = "";
      problems.forEach(function (problem) {
        // Beside its field when the row has it; else in the row's list.
        if (problem.field && mark(tr, problem.field, problem.message)) return;
        var li = document.createElement("li");
        var label = problem.field && config.labels[problem.field];
        li.textContent = label ? label + ": " + problem.message : problem.message;
        list.appendChild(li);
      });
      tr.querySelector(".out-line").textContent = row.status === "scored" ? outLine(row) : "";
      var seatsEl = tr.querySelector(".out-seats");
      if (row.status === "scored" && row.points) {
        if (!seatsEl) {
          seatsEl = document.createElement("div");
          seatsEl.className = "out-seats";
          tr.querySelector(".out-line").after(seatsEl);
        }
        seatsEl.innerHTML = "";
        config.decks.forEach(function (name, index) {
          var span = document.createElement("span");
          span.className = "out-seat";
          span.innerHTML = "<span class='name'></span> <span class='pts'></span> <span class='run'></span>";
          span.querySelector(".name").textContent = name;
          span.querySelector(".pts").textContent = signed(row.points[index]);
          span.querySelector(".run").textContent = plain((row.totals || [])[index]);
          seatsEl.appendChild(span);
          seatsEl.appendChild(document.createTextNode(" "));
        });
      } else if (seatsEl) { seatsEl.remove(); }
      // The dealer the rotation gives this row, as the label of "by the rotation".
      var dealer = tr.querySelector("select[name$='-dealer']");
      if (config.game === "doppelkopf" && dealer) {
        var name = row.status === "scored" ? row.dealer : expected;
        dealer.options[0].textContent = name ? fill(words.rotation, {name: name}) : dealer.options[0].textContent;
        if (row.status === "scored") expected = null;
      }
      if (row.live && window.StammtischBoard) window.StammtischBoard.render(tr, row.live, words, setMoves);
    });
    if (config.game === "doppelkopf" && sheet.next_dealer) {
      // Blank rows after the last scored one: the next dealer by the rotation.
      var after = false;
      rowEls().forEach(function (tr) {
        var row = answer.rows[Number(tr.dataset.row) - 1];
        if (row && row.status === "scored") { after = true; return; }
        var select = tr.querySelector("select[name$='-dealer']");
        if (after && select && row && row.status === "blank") {
          select.options[0].textContent = fill(words.rotation, {name: sheet.next_dealer});
        }
      });
    }
    renderSummary(sheet);
    problemsEl.innerHTML = "";
    (answer.problems || []).forEach(function (problem) {
      var p = document.createElement("p");
      p.textContent = problem.message;
      problemsEl.appendChild(p);
    });
    problemsEl.hidden = !(answer.problems || []).length;
  }
  function renderSummary(sheet) {
    var lines = [];
    var names = config.decks;
    if (sheet.totals && sheet.totals.some(function (t) { return t !== null && t !== undefined; })) {
      lines.push(words.totals + ": " + names.map(function (name, i) { return name + " " + plain(sheet.totals[i]); }).join(", "));
    }
    if (sheet.pot && sheet.pot.deals) {
      lines.push(words.pot + ": " + fill(words.pot_left, {played: sheet.pot.played, deals: sheet.pot.deals, left: sheet.pot.remaining}));
      if (sheet.pot.vorfuehren) lines.push(words.vorfuehren);
    }
    var owing = (sheet.pflichtsoli || []).filter(function (p) { return p.owed; }).map(function (p) { return p.player; });
    if (owing.length) lines.push(words.owes + ": " + owing.join(", "));
    if (sheet.finished && config.game === "doppelkopf") lines.push(words.finished);
    else if (sheet.next_dealer) lines.push(words.next_dealer + ": " + sheet.next_dealer);
    summaryEl.innerHTML = "";
    lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      summaryEl.appendChild(p);
    });
  }

  // -- events ----------------------------------------------------------------------------
  function changed(tr) {
    if (tr) applyVisibility(tr);
    keepBlankRowAtEnd();
    remember(trimmed(collect()), false);
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 350);
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveDraft, 800);
  }
  function setMoves(tr, moves) {
    var input = tr.querySelector("input[name$='-moves']");
    var mode = tr.querySelector("select[name$='-mode']");
    if (mode && !mode.value) mode.value = "board";
    input.value = moves.join(" ");
    changed(tr);
    // A move on the board is answered at once; until then the board takes no click.
    var host = tr.querySelector(".kr-entry");
    if (host) host.classList.add("kr-busy");
    check().then(function () { if (host) host.classList.remove("kr-busy"); });
  }
  form.addEventListener("input", function (event) {
    changed(event.target.closest("tr.entry-row"));
  });
  form.addEventListener("change", function (event) {
    changed(event.target.closest("tr.entry-row"));
  });
  tbody.addEventListener("focusout", function () {
    // Once a row is left, what is still missing in it is shown.
    setTimeout(function () { if (lastAnswer) render(lastAnswer); }, 0);
  });
  form.addEventListener("submit", function () { remember(trimmed(collect()), true); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden" && (local() || {}).saved === false) saveDraft(true);
  });
  window.addEventListener("pagehide", function () {
    if ((local() || {}).saved === false) saveDraft(true);
  });
  window.addEventListener("online", function () {
    if ((local() || {}).saved === false) saveDraft();
  });
  var addButton = document.getElementById("add-row");
  addButton.hidden = config.game === "katarenga-rennen";
  addButton.addEventListener("click", function () {
    var spare = tbody.querySelector("tr.row-spare");
    var row = spare || addRow();
    row.classList.remove("row-spare");
    row.querySelector("input, select").focus();
  });

  // -- start: a draft this browser kept but the server never got comes back -------------
  rowEls().forEach(applyVisibility);
  var kept = local();
  if (kept && kept.saved === false && form.dataset.source !== "posted" &&
      JSON.stringify(kept.rows) !== JSON.stringify(trimmed(collect()))) {
    fillRows(kept.rows);
    saveDraft();
  }
  keepBlankRowAtEnd();
  check();
})();
