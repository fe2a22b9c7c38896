(function () {
  "use strict";
  // DUBOV_STEPS (set just above): the words of the page, every player once
  // (data.players: number -> [name, score, preference, strength]), the players to pair,
  // the text of every article cited, and per step only what it changed (data.steps[i]:
  // f = players in focus, c = the change, l = articles cited).  The bracket of the step
  // shown is the changes replayed; user data goes into the page as text, never as markup.
  // Per step also whom it concerns (s: "r" every player, "b" the bracket's players; x: the
  // players it names beyond f), for following a player.
  var W = DUBOV_STEPS.words;
  var D = DUBOV_STEPS.data;
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var items = Array.prototype.slice.call(document.querySelectorAll("nav.steplist li"));
  var $ = function (id) { return document.getElementById(id); };
  var prev = $("prev"), next = $("next"), counter = $("counter"), stepper = $("stepper");
  var current = 0;
  var follow = null;  // the player followed, or null
  var mine = null;    // mine[k]: step k concerns the player followed
  document.body.classList.add("js");
  var header = document.querySelector("header.top");
  function headHeight() {
    if (header) { document.documentElement.style.setProperty("--head", header.offsetHeight + "px"); }
  }
  headHeight();
  window.addEventListener("resize", headHeight);

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
    if (ch.unleave) {  // a bracket paired again (or joined to another): its pairs go back
      var undone = {};
      for (var u = 0; u < ch.unleave.length; u++) { undone[ch.unleave[u][0] + "-" + ch.unleave[u][1]] = 1; }
      s.done = s.done.filter(function (p) { return !undone[p[0] + "-" + p[1]]; });
    }
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
  function points(score) { return String(score) === "1" ? W.point : W.points; }
  function bracketTitle(score) { return fill(W.bracket, {score: score, points: points(score)}); }
  function chip(n, focus) {
    var r = D.players[String(n)] || ["player " + n, "?", null, null];
    var c = el("span", "chip" + (focus[n] ? " focus" : "") + (n === follow ? " followed" : "") +
               (r[2] ? " pref-" + String(r[2]).toLowerCase() : ""));
    c.setAttribute("data-player", String(n));
    c.title = r[0] + ", " + r[1] + " " + points(r[1]) + (r[2] ? ", " + r[3] + " " + r[2] : "");
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
    add(box, el("h3", null, bracketTitle(b.score) + (b.closed ? W.paired : "")));
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
  function marked(p, texts) {
    // a list of numbers or pairs as text; those of the player followed in a <mark>
    var text = "";
    for (var i = 0; i < texts.length; i++) {
      var t = texts[i], own = follow !== null && (t[0] === follow || t[1] === follow);
      var shown = t.length > 1 ? t[0] + "\u2013" + t[1] : String(t[0]);
      if (own) { add(p, text, el("mark", "followed", shown)); text = ""; }
      else { text += shown; }
      if (i < texts.length - 1) { text += ", "; }
    }
    return add(p, text);
  }
  function drawSoFar(box, s, kind) {
    var so = el("div", "sofar");
    if (s.bye !== null) { add(so, marked(add(el("p"), el("b", null, W.byeSoFar), " "), [[s.bye]])); }
    if (s.done.length) { add(so, marked(add(el("p"), el("b", null, W.pairedSoFar), " "), s.done)); }
    var u = unpaired(s);
    if (u.length && kind !== "round-opened") {
      add(so, marked(add(el("p"), el("b", null, W.notYet), " "), u.map(function (n) { return [n]; })));
    }
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
    if (!sec.hasAttribute("data-linked")) {
      sec.setAttribute("data-linked", "");
      var parts = sec.querySelectorAll(".what, .rejected, h2 .art");
      for (k = 0; k < parts.length; k++) { linkArticles(parts[k], d.l || []); }
    }
    markFollowed(sec);
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

  // ---- article numbers in the words: links to the article's text, shipped in the page
  // (the same pattern as ARTICLE_TOKEN in render/steps.py; a two-level number such as 4.2
  // is linked only where the step cites it: elsewhere it may be a score)
  var TOKEN = /(^|[^\w.])(GHR \d+(?:\.\d+)*|[A-F]\.\d+(?:\.[0-9a-z]+)*|C\d+|\d+(?:\.\d+)+)(?!\w|\.\d|-point| point)/g;
  var aliases = D.aliases || {};
  function lawKey(tok, cited) {
    var key = Object.prototype.hasOwnProperty.call(aliases, tok) ? aliases[tok] : tok;
    if (!Object.prototype.hasOwnProperty.call(D.laws, key)) { return null; }
    if (/^\d+\.\d+$/.test(tok) && cited.indexOf(tok) < 0) { return null; }
    return key;
  }
  function linkArticles(root, cited) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null), nodes = [], t;
    while ((t = walker.nextNode())) { nodes.push(t); }
    nodes.forEach(function (node) {
      var text = node.nodeValue, m, last = 0, frag = null;
      TOKEN.lastIndex = 0;
      while ((m = TOKEN.exec(text))) {
        var at = m.index + m[1].length, key = lawKey(m[2], cited);
        if (key === null) { continue; }
        frag = frag || document.createDocumentFragment();
        add(frag, text.slice(last, at));
        var a = el("a", "artlink", m[2]);
        a.href = "#article-" + key;
        a.setAttribute("data-article", key);
        add(frag, a);
        last = at + m[2].length;
      }
      if (frag) {
        add(frag, text.slice(last));
        node.parentNode.replaceChild(frag, node);
      }
    });
  }
  var article = $("article");
  function showArticle(key) {
    $("article-num").textContent = key;
    var box = $("article-text"), paras = String(D.laws[key] || "").split("\n");
    box.textContent = "";
    for (var j = 0; j < paras.length; j++) { add(box, el("p", null, paras[j])); }
    article.hidden = false;
    article.setAttribute("data-article", key);
  }
  $("article-close").addEventListener("click", function () { article.hidden = true; });

  // ---- following a player: the steps that concern them, their chips highlighted
  function has(list, n) { return !!list && list.indexOf(n) >= 0; }
  function member(b, n) {
    return has(b.residents, n) || has(b.upfloaters, n) || has(b.g1, n) || has(b.g2, n);
  }
  function involvement(n) {
    // a step concerns n if it concerns every player (s: "r"), the bracket n is in (s: "b"),
    // or names n (f: the players in focus, x: the others it names)
    var s = fresh(), out = [];
    for (var k = 0; k < D.steps.length; k++) {
      var d = D.steps[k];
      s.k = k;
      apply(s, d.c);
      out.push(d.s === "r" || (d.s === "b" && !!s.bracket && member(s.bracket, n)) ||
               has(d.f, n) || has(d.x, n));
    }
    return out;
  }
  function markFollowed(sec) {
    var old = sec.querySelectorAll(".chip.followed, tr.followed"), k;
    for (k = 0; k < old.length; k++) { old[k].classList.remove("followed"); }
    if (follow === null) { return; }
    var mineChips = sec.querySelectorAll('.chip[data-player="' + follow + '"]');
    for (k = 0; k < mineChips.length; k++) {
      mineChips[k].classList.add("followed");
      var row = mineChips[k].closest ? mineChips[k].closest("table.s1t2 tr") : null;
      if (row) { row.classList.add("followed"); }
    }
    var tables = sec.querySelectorAll(".board table");  // the standings: the row of the No column
    for (k = 0; k < tables.length; k++) {
      var ths = tables[k].querySelectorAll("thead th"), col = -1;
      for (var j = 0; j < ths.length; j++) { if (ths[j].textContent.trim() === "No") { col = j; } }
      if (col < 0) { continue; }
      var rows = tables[k].querySelectorAll("tbody tr");
      for (j = 0; j < rows.length; j++) {
        var cell = rows[j].children[col];
        if (cell && cell.textContent.trim() === String(follow)) { rows[j].classList.add("followed"); }
      }
    }
  }
  function nameOf(n) {
    var r = D.players[String(n)];
    return r ? n + " " + r[0] : String(n);
  }
  function ownFrom(i, step) {  // the next (step 1) or previous (-1) step of the player followed
    for (var k = i; k >= 0 && k < steps.length; k += step) { if (!mine || mine[k]) { return k; } }
    return -1;
  }
  function setFollow(n, jump) {
    follow = n;
    mine = n === null ? null : involvement(n);
    document.body.classList.toggle("following", n !== null);
    var count = 0;
    for (var k = 0; k < items.length; k++) {
      var yes = !!mine && mine[k];
      if (yes) { count++; }
      items[k].classList.toggle("mine", yes);
      items[k].classList.toggle("off", !!mine && !yes);
    }
    $("following").hidden = n === null;
    $("who").textContent = n === null ? "" : nameOf(n);
    $("mine").textContent = n === null ? "" : "(" + count + " of " + steps.length + " steps)";
    headHeight();
    if (n === null) { show(current); return; }
    var to = current;
    if (jump) {  // the player's first step of their own (not one of every player's)
      to = -1;
      for (k = 0; k < steps.length && to < 0; k++) { if (mine[k] && D.steps[k].s !== "r") { to = k; } }
      if (to < 0) { to = ownFrom(0, 1); }
    } else if (!mine[current]) {
      to = ownFrom(current, 1);
      if (to < 0) { to = ownFrom(current, -1); }
    }
    show(to < 0 ? current : to);
  }
  $("unfollow").addEventListener("click", function () { setFollow(null); });

  // ---- search by number or name
  var find = $("find"), found = $("found");
  function fold(text) {
    text = String(text).toLowerCase();
    return text.normalize ? text.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : text;
  }
  function matches(q) {
    q = fold(q.trim());
    if (!q) { return []; }
    var first = [], rest = [];
    Object.keys(D.players).forEach(function (key) {
      var n = parseInt(key, 10), name = fold(D.players[key][0]);
      if (key === q) { first.push(n); }
      else if ((/^\d+$/.test(q) && key.indexOf(q) === 0) || name.indexOf(q) >= 0) { rest.push(n); }
    });
    rest.sort(function (a, b) { return a - b; });
    return first.concat(rest).slice(0, 12);
  }
  function pick(n) {
    found.hidden = true;
    found.textContent = "";
    find.value = "";
    setFollow(n, true);
  }
  find.addEventListener("input", function () {
    var ms = matches(find.value);
    found.textContent = "";
    ms.forEach(function (n) {
      var r = D.players[String(n)];
      var b = add(el("button", "pick"), el("b", null, n), " ", el("span", "nm", r[0]), " ",
                  el("span", "sc", r[1]));
      b.type = "button";
      b.setAttribute("data-player", String(n));
      b.addEventListener("click", function () { pick(n); });
      add(found, add(el("li"), b));
    });
    if (!ms.length && find.value.trim()) { add(found, el("li", "none", "\u2014")); }
    found.hidden = !find.value.trim();
  });
  find.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      var ms = matches(find.value);
      if (ms.length) { pick(ms[0]); }
      ev.preventDefault();
    } else if (ev.key === "Escape") {
      find.value = ""; found.hidden = true; found.textContent = "";
    }
  });

  // ---- jump to a bracket: its first step
  var jump = $("jump"), bracketAt = [], open = -1;
  for (var k0 = 0; k0 < D.steps.length; k0++) {
    var c0 = D.steps[k0].c || {};
    if (c0.open) {
      open = k0;
      var o = el("option", null, bracketTitle(c0.open.score) + " \u2014 step " + (k0 + 1));
      o.value = String(k0);
      add(jump, o);
    }
    bracketAt.push(open);
    if (c0.leave) { open = -1; }
  }
  jump.addEventListener("change", function () {
    if (jump.value !== "") { show(parseInt(jump.value, 10)); }
  });

  function show(i, quiet) {
    if (!steps.length) { return; }
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (i !== current) { clear(current); }
    draw(i);
    for (var k = 0; k < steps.length; k++) {
      steps[k].hidden = k !== i;
      if (items[k]) { items[k].classList.toggle("current", k === i); }
    }
    current = i;
    var text = "Step " + (i + 1) + " of " + steps.length;
    if (mine) {
      var nth = 0, all = 0;
      for (k = 0; k < mine.length; k++) { if (mine[k]) { all++; if (k <= i) { nth++; } } }
      text += mine[i] ? " \u00b7 " + nth + "/" + all + " for " + follow : " \u00b7 not " + follow + "\u2019s";
    }
    counter.textContent = text;
    var hadFocus = document.activeElement;
    prev.disabled = ownFrom(i - 1, -1) < 0;
    next.disabled = ownFrom(i + 1, 1) < 0;
    if ((hadFocus === prev && prev.disabled) || (hadFocus === next && next.disabled)) { stepper.focus(); }
    jump.value = bracketAt[i] >= 0 ? String(bracketAt[i]) : "";
    document.body.setAttribute("data-current", String(i));
    keepInView(items[i], steps[i]);
    if (!quiet) {  // not at load: the browser would scroll to the step as to an anchor
      try { history.replaceState(null, "", "#" + steps[i].id); } catch (e) { /* file: URLs */ }
    }
  }
  var nav = document.querySelector("nav.steplist");
  function keepInView(li, sec) {
    // the step's item in the list scrolls the list only (never the page); the page scrolls
    // back up only when the step's heading is hidden above the controls
    if (nav && li && nav.scrollHeight > nav.clientHeight) {
      var r = li.getBoundingClientRect(), box = nav.getBoundingClientRect();
      if (r.top < box.top) { nav.scrollTop += r.top - box.top; }
      else if (r.bottom > box.bottom) { nav.scrollTop += r.bottom - box.bottom; }
    }
    var top = sec.getBoundingClientRect().top, head = header ? header.offsetHeight : 0;
    if (top < head) { window.scrollBy(0, top - head - 8); }
  }
  function go(step) {
    var to = ownFrom(current + step, step);
    if (to >= 0) { show(to); }
  }
  function goEnd(step) {  // Home (1: the first step) and End (-1: the last)
    var to = ownFrom(step > 0 ? 0 : steps.length - 1, step);
    if (to >= 0) { show(to); }
  }

  prev.addEventListener("click", function () { go(-1); });
  next.addEventListener("click", function () { go(1); });
  items.forEach(function (li, k) {
    var a = li.querySelector("a");
    if (a) { a.addEventListener("click", function (ev) { ev.preventDefault(); show(k); }); }
  });
  document.addEventListener("click", function (ev) {
    var t = ev.target;
    var link = t.closest ? t.closest("a.artlink") : null;
    if (link) { ev.preventDefault(); showArticle(link.getAttribute("data-article")); return; }
    var c = t.closest ? t.closest("main .chip[data-player]") : null;
    if (c) { setFollow(parseInt(c.getAttribute("data-player"), 10), false); }
  });
  // Keys: N and P step anywhere but in a text field (they scroll nothing); the arrows, Home
  // and End step only while the stepper (its buttons) has the focus, so that everywhere
  // else they scroll the page as usual; Escape closes the article.
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) { return; }
    var t = ev.target, tag = t && t.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (t && t.isContentEditable)) { return; }
    var key = ev.key;
    if (key === "n" || key === "N") { go(1); return; }
    if (key === "p" || key === "P") { go(-1); return; }
    if (key === "Escape") { article.hidden = true; return; }
    if (!stepper.contains(document.activeElement)) { return; }
    if (key === "ArrowRight") { go(1); }
    else if (key === "ArrowLeft") { go(-1); }
    else if (key === "Home") { goEnd(1); }
    else if (key === "End") { goEnd(-1); }
    else { return; }
    ev.preventDefault();
  });

  function fromHash() {  // #step-N: that step (the address of a step can be shared)
    var m = /^#step-(\d+)$/.exec(window.location.hash || "");
    return m ? parseInt(m[1], 10) - 1 : null;
  }
  window.addEventListener("hashchange", function () {
    var i = fromHash();
    if (i !== null && i !== current) { show(i); }
  });
  headHeight();  // the controls are all drawn now
  show(fromHash() || 0, true);
})();
