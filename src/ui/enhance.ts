/**
 * The dashboard's one script, served by the Worker at /ui/app.js (the CSP allows no other): progressive
 * enhancements only, every page works without it. A filter box over any table marked `data-filterable` (live
 * filtering of the rows already shown), and a confirmation before a button marked `data-confirm` sends its form.
 */
export const ENHANCEMENTS = `"use strict";
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("table[data-filterable]").forEach(function (table) {
    var label = document.createElement("label");
    label.textContent = "Filter the rows shown";
    var input = document.createElement("input");
    input.type = "search";
    input.id = table.id + "-filter";
    label.htmlFor = input.id;
    table.parentNode.insertBefore(label, table);
    table.parentNode.insertBefore(input, table);
    input.addEventListener("input", function () {
      var q = input.value.toLowerCase();
      table.querySelectorAll("tbody tr").forEach(function (tr) {
        tr.hidden = q !== "" && tr.textContent.toLowerCase().indexOf(q) < 0;
      });
    });
  });
  document.querySelectorAll("button[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (e) {
      if (!window.confirm(button.getAttribute("data-confirm"))) e.preventDefault();
    });
  });
});
`;
