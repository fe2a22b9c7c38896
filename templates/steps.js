(function () {
  "use strict";
  // DUBOV_STEPS (set just above): the words of the page, every player once
  // (data.players: number -> [name, score, preference, strength]), the players to pair,
  // the text of every article cited, and per step only what it changed (data.steps[i]:
  // f = players in focus, c = the change, l = articles cited).  The bracket of the step
  // shown is the changes replayed; user data goes into the page as text, never as markup.
  var W = DUBOV_STEPS.words;
  var D = DUBOV_STEPS.data;
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var items = Array.prototype.slice.call(document.querySelectorAll("nav.steplist li"));
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var counter = document.getElementById("counter");
  var current = 0;
  document.body.classList.add("js");

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) {
      var c = arguments[i];
      parent.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return parent;
  }

  // ---- the round's state, replayed from the changes
  function fresh() { return {k: -1, bracket: null, done: [], bye: null, leave: null}; }
  var state = fresh();
  function apply(s, ch) {
    if (s.leave) {  // the bracket closed at the previous step goes
      for (var i = 0; i < s.leave.length; i++) { s.done.push(s.leave[i]); }
      s.leave = null; s.bracket = null;
    }
    if (!ch) { return; }
    if ("bye" in ch) { s.bye = ch.bye; }
    if (ch.open) {
      s.bracket = {score: ch.open.score, residents: ch.open.residents.slice(), pool: ch.open.pool,
                   upfloaters: [], g1: [], g2: [], s1: [], g2_order: [], t2: [], pairs: [],
                   colours: {}, minimum: null, closed: false};
    }
    var b = s.bracket, k;
    if (b) {
      for (k in (ch.set || {})) { b[k] = Array.isArray(ch.set[k]) ? ch.set[k].slice() : ch.set[k]; }
      for (k in (ch.push || {})) { b[k].push(ch.push[k]); }
      if (ch.colour) { b.colours[pairKey(ch.colour[0], ch.colour[1])] = ch.colour; }
    }
    if (ch.leave) { s.leave = ch.leave; }
  }
  function pairKey(a, b) { return a < b ? a + "," + b : b + "," + a; }
  function stateAt(i) {
    if (i < state.k) { state = fresh(); }
    while (state.k < i) { state.k++; apply(state, D.steps[state.k].c); }
    return state;
  }
  function unpaired(s) {
    var paired = {}, i, j;
    for (i = 0; i < s.done.length; i++) { paired[s.done[i][0]] = 1; paired[s.done[i][1]] = 1; }
    if (s.bracket && s.bracket.closed) {
      var lists = [s.bracket.residents, s.bracket.upfloaters];
      for (i = 0; i < 2; i++) { for (j = 0; j < lists[i].length; j++) { paired[lists[i][j]] = 1; } }
    }
    return D.toPair.filter(function (n) { return !paired[n] && n !== s.bye; });
  }

  // ---- drawing
  function chip(n, focus) {
    var r = D.players[String(n)] || ["player " + n, "?", null, null];
    var c = el("span", "chip" + (focus[n] ? " focus" : "") + (r[2] ? " pref-" + String(r[2]).toLowerCase() : ""));
    c.setAttribute("data-player", String(n));
    c.title = r[0] + ", " + r[1] + " " + W.points + (r[2] ? ", " + r[3] + " " + r[2] : "");
    add(c, el("b", null, n), " ", el("span", "nm", r[0]), " ", el("span", "sc", r[1]));
    if (r[2]) { add(c, " ", el("span", "pf", String(r[3]).slice(0, 3) + "\u00a0" + String(r[2]).slice(0, 1))); }
    return c;
  }
  function chips(parent, ns, focus) {
    if (!ns.length) { return add(parent, el("span", "none", W.none)); }
    for (var i = 0; i < ns.length; i++) { add(parent, chip(ns[i], focus), " "); }
    return parent;
  }
  function drawBracket(box, b, focus) {
    add(box, el("h3", null, fill(W.bracket, {score: b.score}) + (b.closed ? W.paired : "")));
    var dl = add(el("dl", "who"), el("dt", null, W.residents), chips(el("dd"), b.residents, focus));
    if (b.minimum !== null) {
      var dd = el("dd");
      if (b.upfloaters.length) { chips(dd, b.upfloaters, focus); }
      else { add(dd, el("span", "none", b.minimum === 0 ? W.noneNeeded : fill(W.needed, {n: b.minimum}))); }
      add(dl, el("dt", null, W.upfloaters), dd);
    }
    add(box, dl);
    if (b.g1.length || b.g2.length) {
      add(box, add(el("div", "groups"),
        chips(add(el("div", "g g1"), el("h4", null, W.g1)), b.g1, focus),
        chips(add(el("div", "g g2"), el("h4", null, W.g2)), b.g2, focus)));
    }
    if (b.s1.length) {
      var head = add(el("tr"), el("th", null, W.num), el("th", null, W.s1), el("th", null, W.t2), el("th", null, W.colours));
      var body = el("tbody");
      for (var i = 0; i < b.s1.length; i++) {
        var n = b.s1[i][0], opp = i < b.t2.length ? b.t2[i] : null;
        var tr = el("tr", focus[n] ? "focus" : null);
        var col = el("td");
        var c = opp !== null ? b.colours[pairKey(n, opp)] : null;
        if (c) { add(col, fill(W.colour, {white: c[0], black: c[1]}) + " ", el("small", null, "(" + c[2] + ")")); }
        add(body, add(tr, el("td", null, i + 1), add(el("td"), chip(n, focus), " ", el("small", null, b.s1[i][1])),
                      opp !== null ? add(el("td"), chip(opp, focus)) : add(el("td"), el("span", "none", "?")), col));
      }
      add(box, add(el("table", "s1t2"), add(el("thead"), head), body));
      add(box, el("p", "order", W.g2Order + ": " + b.g2_order.join(", ")));
    }
  }
  function drawSoFar(box, s, kind) {
    var so = el("div", "sofar");
    if (s.bye !== null) { add(so, add(el("p"), el("b", null, W.byeSoFar), " " + s.bye)); }
    if (s.done.length) {
      add(so, add(el("p"), el("b", null, W.pairedSoFar), " " + s.done.map(function (p) {
        return p[0] + "\u2013" + p[1]; }).join(", ")));
    }
    var u = unpaired(s);
    if (u.length && kind !== "round-opened") { add(so, add(el("p"), el("b", null, W.notYet), " " + u.join(", "))); }
    add(box, so);
  }
  function draw(i) {
    var sec = steps[i], d = D.steps[i] || {}, s = stateAt(i), focus = {}, k;
    var f = d.f || [];
    for (k = 0; k < f.length; k++) { focus[f[k]] = 1; }
    var kind = sec.getAttribute("data-kind");
    var live = sec.querySelector(".live");
    if (live) {
      live.textContent = "";
      if (!live.hasAttribute("data-sofar-only")) {
        if (s.bracket) { drawBracket(live, s.bracket, focus); }
        else if (kind.indexOf("bye") === 0) {
          add(live, el("h3", null, W.byeHeading));
          add(live, s.bye !== null ? add(el("p"), W.bye, chip(s.bye, focus)) : el("p", null, W.noBye));
        } else {
          add(live, el("h3", null, W.toPair), chips(el("p"), unpaired(s), focus));
        }
      }
      drawSoFar(live, s, kind);
    }
    var laws = sec.querySelector(".laws");
    if (laws && !laws.firstChild) {
      var nums = d.l || [];
      for (k = 0; k < nums.length; k++) {
        var q = add(el("blockquote"), el("p", "artnum", nums[k]));
        var paras = String(D.laws[nums[k]] || "").split("\n");
        for (var j = 0; j < paras.length; j++) { add(q, el("p", null, paras[j])); }
        add(laws, q);
      }
      if (!nums.length) { add(laws, el("p", "none", fill(W.article, {article: laws.getAttribute("data-article")}))); }
    }
  }
  function clear(i) {
    var live = steps[i] && steps[i].querySelector(".live");
    if (live) { live.textContent = ""; }
  }

  function show(i) {
    if (!steps.length) { return; }
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (i !== current) { clear(current); }
    draw(i);
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
