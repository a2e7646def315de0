/* Live pages: ask a cheap "what changed" address every few seconds; when something changed
   since the page was drawn, fetch the page again and swap its live regions (elements with
   data-live-region and an id) where they differ from what the server drew; a page without
   such parts (a match page, whose score sheet has its own script) is loaded anew. A region
   holding a form the reader is typing in, or a box the reader opened, is not swapped: a
   note offers the reload instead, so nothing typed is lost and no confirmation closes under
   the mouse. Without JavaScript the page is a plain page. */
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-live");
  if (!url || !window.fetch) { return; }
  var since = Number(body.getAttribute("data-live-since")) || 0;
  var interval = Number(body.getAttribute("data-live-interval")) || 2000;
  var busy = false;
  // Once the reader leaves (a link, a form sent, the address typed), the page neither polls
  // nor reloads itself: a reload started then would cancel the reader's own navigation.
  var leaving = false;
  // A download or a cancelled navigation leaves the page in place: polling resumes after a while.
  window.addEventListener("beforeunload", function () {
    leaving = true;
    window.setTimeout(function () { leaving = false; }, 10000);
  });
  var dirty = new WeakSet();
  var opened = new WeakSet();
  document.addEventListener("input", function (event) {
    if (event.target.form) { dirty.add(event.target.form); }
  });
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    if (summary && summary.parentElement) { opened.add(summary.parentElement); }
  });

  var explicit = document.querySelectorAll("[data-live-region][id]").length > 0;

  function regions(doc) {
    var found = doc.querySelectorAll("[data-live-region][id]");
    if (found.length) { return Array.prototype.slice.call(found); }
    var main = doc.querySelector("main[id]");
    return main ? [main] : [];
  }

  // What each region held as the server drew it (this script runs before any other script
  // of the page changes it), without what differs on every response: the CSRF tokens and
  // the one-time messages ("Log version 2 received.").
  function drawn(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll(".messages, #live-reload").forEach(function (node) { node.remove(); });
    return copy.innerHTML.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");
  }
  var original = {};
  regions(document).forEach(function (region) { original[region.id] = drawn(region); });

  function inUse(region) {
    // A box the reader opened (a confirmation, the options) or a form being filled in.
    var boxes = region.querySelectorAll("details[open]");
    for (var j = 0; j < boxes.length; j++) { if (opened.has(boxes[j])) { return true; } }
    var active = document.activeElement;
    if (active && active !== document.body && region.contains(active) && active.form) { return true; }
    var forms = region.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) { if (dirty.has(forms[i])) { return true; } }
    return false;
  }

  function announce(text) {
    var status = document.getElementById("live-status");
    if (status) { status.textContent = text; }
  }

  function offerReload() {
    if (document.getElementById("live-reload")) { return; }
    var note = document.createElement("p");
    note.id = "live-reload";
    note.className = "live-reload";
    var link = document.createElement("a");
    link.href = window.location.href;
    link.textContent = body.getAttribute("data-live-reload") || "New results: reload the page";
    note.appendChild(link);
    var main = document.querySelector("main");
    if (main) { main.insertBefore(note, main.firstChild); }
  }

  // What the page shows is current up to this change (milliseconds, as the poll answers):
  // data-live-current on the body, for whoever needs to know the page has settled.
  function current(changed) {
    body.setAttribute("data-live-current", String(changed));
  }

  // Swaps the live regions: "done", "held" (a region the reader uses is kept, a note offers
  // the reload) or "reload" (the page loads itself anew, or the reader is leaving).
  function swap(html) {
    if (leaving) { return "reload"; }
    var doc = new DOMParser().parseFromString(html, "text/html");
    var held = false;
    var changed = false;
    var reloading = false;
    regions(document).forEach(function (old) {
      var fresh = doc.getElementById(old.id);
      if (!fresh || drawn(fresh) === original[old.id]) { return; }  // nothing new here
      changed = true;
      if (inUse(old)) { held = true; return; }
      if (!explicit) {
        // A page without live parts (a match page with its score sheet's own script):
        // drawn anew as a whole, so that its scripts start on the new content.
        window.location.reload();
        reloading = true;
        return;
      }
      original[old.id] = drawn(fresh);
      old.replaceWith(document.importNode(fresh, true));
    });
    if (reloading) { return "reload"; }
    if (!changed) { return "done"; }
    if (held) { offerReload(); }
    document.dispatchEvent(new CustomEvent("live:updated"));
    var updated = doc.body && doc.body.getAttribute("data-live-updated");
    announce(updated || "");
    return held ? "held" : "done";
  }

  function poll() {
    if (busy || leaving) { return; }
    busy = true;
    fetch(url, {headers: {"Accept": "application/json"}, cache: "no-store", credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) { return null; }
        if (!data.changed || data.changed <= since) { current(since); return null; }
        var changed = data.changed;
        return fetch(window.location.href, {cache: "no-store", credentials: "same-origin"})
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) {
            var outcome = html ? swap(html) : "reload";
            if (outcome !== "reload") { since = changed; }
            if (outcome === "done") { current(changed); }
          });
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { busy = false; });
  }

  function schedule() {
    window.setTimeout(function () { poll(); schedule(); }, document.hidden ? interval * 5 : interval);
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  poll();
  schedule();
}());
