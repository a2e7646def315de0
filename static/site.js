// Small behaviours of every page, without inline script (the Content-Security-Policy
// allows scripts from the site's own files only): the language menu submits itself, and a
// print button prints.
document.addEventListener("change", function (event) {
  if (event.target.matches("select[data-submit-on-change]")) {
    event.target.form.submit();
  }
});
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
