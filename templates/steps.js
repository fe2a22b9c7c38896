(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var items = Array.prototype.slice.call(document.querySelectorAll("nav.steplist li"));
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var counter = document.getElementById("counter");
  var current = 0;
  document.body.classList.add("js");

  function show(i) {
    if (!steps.length) { return; }
    i = Math.max(0, Math.min(steps.length - 1, i));
    for (var k = 0; k < steps.length; k++) {
      steps[k].hidden = k !== i;
      if (items[k]) { items[k].classList.toggle("current", k === i); }
    }
    current = i;
    counter.textContent = "Step " + (i + 1) + " of " + steps.length;
    prev.disabled = i === 0;
    next.disabled = i === steps.length - 1;
    document.body.setAttribute("data-current", String(i));
    if (items[i] && items[i].scrollIntoView) { items[i].scrollIntoView({block: "nearest"}); }
    try { history.replaceState(null, "", "#" + steps[i].id); } catch (e) { /* file: URLs */ }
  }

  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  items.forEach(function (li, k) {
    var a = li.querySelector("a");
    if (a) { a.addEventListener("click", function (ev) { ev.preventDefault(); show(k); }); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var key = ev.key;
    if (key === "ArrowRight" || key === "ArrowDown" || key === "PageDown") { show(current + 1); }
    else if (key === "ArrowLeft" || key === "ArrowUp" || key === "PageUp") { show(current - 1); }
    else if (key === "Home") { show(0); }
    else if (key === "End") { show(steps.length - 1); }
    else { return; }
    ev.preventDefault();
  });

  var start = 0;
  var m = /^#step-(\d+)$/.exec(window.location.hash || "");
  if (m) { start = parseInt(m[1], 10) - 1; }
  show(start);
})();
