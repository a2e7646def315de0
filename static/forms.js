/* The tournament and league forms: show only the chosen format's fields and the chosen game's
   rules; a preset fills in its values; an option that differs from the preset is marked.
   Without JavaScript every field shows, the server ignores the other formats' fields, and a
   change of preset comes back once with the new preset's values to check. */
(function () {
  "use strict";
  function byName(form, name) { return form.querySelector("[name='" + name + "']"); }

  function showFormat(form) {
    var select = byName(form, "format");
    if (!select) { return; }
    form.querySelectorAll("[data-formats]").forEach(function (element) {
      var formats = element.getAttribute("data-formats").split(" ").filter(Boolean);
      element.hidden = formats.length > 0 && formats.indexOf(select.value) === -1;
    });
  }

  function showGame(form) {
    var select = byName(form, "game");
    if (!select) { return; }
    form.querySelectorAll("fieldset.rules[data-game]").forEach(function (fieldset) {
      fieldset.hidden = fieldset.getAttribute("data-game") !== select.value;
    });
  }

  function valueOf(input) {
    if (input.type === "checkbox") { return input.checked; }
    return input.value;
  }

  function mark(fieldset) {
    var presets = JSON.parse(fieldset.getAttribute("data-presets"));
    var preset = fieldset.querySelector("select[name$='-preset']").value;
    fieldset.querySelectorAll("[data-option]").forEach(function (row) {
      var input = row.querySelector("input, select");
      var wanted = presets[preset][row.getAttribute("data-option")];
      row.classList.toggle("differs", String(valueOf(input)) !== String(wanted));
    });
  }

  function fillPreset(fieldset) {
    var presets = JSON.parse(fieldset.getAttribute("data-presets"));
    var preset = fieldset.querySelector("select[name$='-preset']").value;
    Object.keys(presets[preset]).forEach(function (name) {
      var input = fieldset.querySelector("[data-option='" + name + "'] input, [data-option='" + name + "'] select");
      if (!input) { return; }
      if (input.type === "checkbox") { input.checked = presets[preset][name]; }
      else { input.value = String(presets[preset][name]); }
    });
    var shown = fieldset.querySelector("input[name$='-shown']");
    if (shown) { shown.value = preset; }
    mark(fieldset);
  }

  document.querySelectorAll("form").forEach(function (form) {
    showFormat(form);
    showGame(form);
    form.addEventListener("change", function (event) {
      var target = event.target;
      if (target.name === "format") { showFormat(form); }
      if (target.name === "game") { showGame(form); }
      var fieldset = target.closest("fieldset.rules");
      if (!fieldset) { return; }
      if (/-preset$/.test(target.name)) { fillPreset(fieldset); } else { mark(fieldset); }
    });
    form.addEventListener("input", function (event) {
      var fieldset = event.target.closest("fieldset.rules");
      if (fieldset && !/-preset$/.test(event.target.name)) { mark(fieldset); }
    });
  });
}());
