/* studkit web: the designer. Every edit is checked by POST /api/validate (the loader
   `studkit validate` uses); problems are drawn at their line, the rules and the
   differences from the parent game beside the file, the schema's help under the cursor.
   The draft is kept in this browser's local storage at every edit: a reload or another tab
   finds it; when another tab changes it, this tab says so and keeps its own text on screen
   until the user picks one. */
"use strict";

(() => {
  const { api, el, chips, designerFile, keepDesignerFile, onDesignerFileChanged } = studkit;
  const FILE = "variant.yaml";
  const START = `studkit: 1
name: our-club-stud
extends: seven-card-stud
title: Seven-card stud, club rules
betting:
  max_raises: 4          # bet and four raises
  open_pair_street: null # no big bet on fourth street for an open pair
`;
  const editor = document.getElementById("yaml");
  const gutter = document.getElementById("gutter");
  const backdrop = document.getElementById("backdrop");
  const status = document.getElementById("status");
  const problemsList = document.getElementById("problems");
  const problemCount = document.getElementById("problem-count");
  const rules = document.getElementById("rules");
  const differences = document.getElementById("differences");
  const noDifferences = document.getElementById("no-differences");
  const parentName = document.getElementById("parent-name");
  const help = document.getElementById("help");
  const helpKey = document.getElementById("help-key");
  const cursorPos = document.getElementById("cursor-pos");
  const playIt = document.getElementById("play-it");
  const compareIt = document.getElementById("compare-it");
  const draftNote = document.getElementById("draft-note");
  const notice = document.getElementById("draft-notice");
  const noticeText = document.getElementById("draft-notice-text");
  const noticeUse = document.getElementById("draft-use");
  const noticeKeep = document.getElementById("draft-keep");
  let last = { ok: false, problems: [], variant: null, parent: null };
  let schema = null;
  let timer = null;
  let sent = 0;

  function currentLine() {
    return editor.value.slice(0, editor.selectionStart).split("\n").length;
  }

  function draw() {
    const lines = editor.value.split("\n");
    const byLine = new Map();
    for (const problem of last.problems) {
      if (problem.file === FILE && problem.line > 0) {
        if (!byLine.has(problem.line)) byLine.set(problem.line, []);
        byLine.get(problem.line).push(problem);
      }
    }
    const here = currentLine();
    gutter.replaceChildren(...lines.map((_, i) => {
      const mine = byLine.get(i + 1);
      return el("span", { class: mine ? "bad" : null, title: mine ? mine.map((p) => p.message).join("\n") : null }, String(i + 1));
    }));
    backdrop.replaceChildren(...lines.map((text, i) => {
      const mine = byLine.get(i + 1);
      const classes = ["line"];
      if (mine) classes.push("bad");
      if (i + 1 === here) classes.push("current");
      return el("div", { class: classes.join(" "), "data-line": i + 1 }, el("span", { class: "text" }, text),
        mine ? el("span", { class: "inline-problem" }, mine.map((p) => (p.key ? p.key + ": " : "") + p.message).join(" · ")) : null);
    }));
    syncScroll();
  }

  function syncScroll() {
    backdrop.style.transform = `translate(${-editor.scrollLeft}px, ${-editor.scrollTop}px)`;
    gutter.scrollTop = editor.scrollTop;
  }

  function showResult(result) {
    last = result;
    const count = result.problems.length;
    problemCount.textContent = String(count);
    problemCount.className = "badge" + (count ? " bad" : "");
    problemsList.replaceChildren();
    if (!count) problemsList.append(el("li", { class: "muted" }, "No problems: the file is a valid variant."));
    for (const problem of result.problems) {
      const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : (problem.file || FILE);
      const item = el("li", { "data-line": problem.line },
        el("span", { class: "where" }, where), problem.key ? el("span", { class: "key" }, problem.key) : null,
        el("div", {}, problem.message));
      if (problem.file === FILE && problem.line > 0) item.addEventListener("click", () => goTo(problem.line, problem.column));
      problemsList.append(item);
    }
    if (result.ok) {
      status.textContent = `${result.title} (${result.variant}): valid`;
      status.className = "status ok";
      rules.textContent = result.rules;
      delete rules.dataset.stale;
      rules.classList.remove("muted");
    } else {
      status.textContent = `${count} problem${count === 1 ? "" : "s"}`;
      status.className = "status bad";
      rules.classList.add("muted");
      if (!rules.dataset.stale && rules.textContent && !rules.textContent.startsWith("The rules appear")) {
        rules.textContent = "(as the file last stood when it was valid)\n\n" + rules.textContent;
        rules.dataset.stale = "1";
      }
    }
    differences.replaceChildren();
    parentName.textContent = result.parent || "the parent game";
    noDifferences.hidden = Boolean(result.parent && result.differences.length);
    noDifferences.textContent = result.parent ? `The same rules as ${result.parent}.` : (result.ok ? "No parent game (the file has no extends)." : "Shown once the file is valid.");
    for (const row of result.differences) {
      differences.append(el("tr", {}, el("td", {}, row.rule), el("td", {}, row.parent), el("td", {}, row.variant)));
    }
    playIt.disabled = !result.ok;
    compareIt.disabled = !(result.ok && result.parent);
    tuneRun.disabled = !result.ok || tuning;
    draw();
  }

  async function check() {
    const text = editor.value;
    const ticket = ++sent;
    try {
      const result = await api("/api/validate", { yaml: text });
      if (ticket === sent) showResult(result);
    } catch (error) {
      if (ticket !== sent) return;
      status.textContent = error.message;
      status.className = "status bad";
    }
  }

  // ------------------------------------------------------------ the draft, kept in this browser
  let offered = null;  // what the notice offers to put in the editor instead of its text

  function keep() {
    const kept = keepDesignerFile(editor.value);
    draftNote.classList.toggle("bad", !kept);
    draftNote.textContent = kept
      ? "Your draft is kept in this browser (local storage): a reload or another tab finds it."
      : "This browser does not let the page keep your draft (local storage is off): Download saves it.";
  }

  function offer(message, text, useLabel, keepLabel) {
    offered = text;
    noticeText.textContent = message;
    noticeUse.textContent = useLabel;
    noticeKeep.textContent = keepLabel;
    notice.hidden = false;
  }

  function settle() {
    offered = null;
    notice.hidden = true;
  }

  /** Put a whole new text in the editor (a shipped game, a file): the text it replaces can be
      brought back from the notice until the next change. */
  function replaceText(text, what) {
    const before = editor.value;
    editor.value = text;
    editor.scrollTop = 0;
    changed();
    if (before.trim() && before !== text && before !== START) {
      offer(`The editor now holds ${what}; your previous text is no longer kept.`, before,
        "Bring back the previous text", "Dismiss");
    }
  }

  noticeUse.addEventListener("click", () => {
    const text = offered;
    settle();
    if (text === null) return;
    editor.value = text;
    changed();
  });
  noticeKeep.addEventListener("click", () => { settle(); keep(); });

  onDesignerFileChanged((text) => {
    if (text === editor.value) { settle(); return; }
    offer("Another tab of this browser changed the draft. This tab still shows its own text; " +
      "the draft kept now is the other tab's.", text, "Load the other tab's draft", "Keep this tab's text");
  });

  function changed() {
    settle();
    keep();
    draw();
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  function goTo(line, column) {
    const lines = editor.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (column || 1) - 1);
    editor.focus();
    editor.setSelectionRange(offset, offset);
    const top = (line - 3) * 20;
    editor.scrollTop = Math.max(0, top);
    cursorMoved();
  }

  // ------------------------------------------------------------ the key under the cursor
  const KEY = /^(\s*)(-\s+)?([A-Za-z_][\w-]*)\s*:/;
  const DASH = /^(\s*)-(\s|$)/;

  function parts(line) {
    const key = line.match(KEY);
    if (key) return { key: key[3], keyAt: key[1].length + (key[2] ? key[2].length : 0), dashAt: key[2] ? key[1].length : null };
    const dash = line.match(DASH);
    return dash ? { key: null, keyAt: null, dashAt: dash[1].length } : null;
  }

  /** The key path at line ``index`` from the indentation above it (works on broken YAML). */
  function keyPath(lines, index) {
    let i = index;
    while (i >= 0 && !KEY.test(lines[i])) i--;
    if (i < 0) return [];
    const here = parts(lines[i]);
    const path = [here.key];
    let level = here.keyAt;
    if (here.dashAt !== null) { path.unshift("[]"); level = here.dashAt; }
    for (let j = i - 1; j >= 0 && level > 0; j--) {
      const text = lines[j].trim();
      if (!text || text.startsWith("#")) continue;
      const line = parts(lines[j]);
      if (!line) continue;
      if (line.key !== null && line.keyAt < level) {
        path.unshift(line.key);
        level = line.keyAt;
        if (line.dashAt !== null) { path.unshift("[]"); level = line.dashAt; }
      } else if (line.dashAt !== null && line.dashAt < level) {
        path.unshift("[]");
        level = line.dashAt;
      }
    }
    return path;
  }

  function branches(node) {
    return [node, ...(node.oneOf || []), ...(node.anyOf || []), ...(node.allOf || []), node.then || {}, node.else || {}];
  }

  function lookUp(path) {
    let node = schema;
    for (const step of path) {
      if (!node) return null;
      let next = null;
      for (const branch of branches(node)) {
        if (step === "[]") { if (branch.items) { next = branch.items; break; } }
        else if (branch.properties && branch.properties[step]) { next = branch.properties[step]; break; }
        else if (branch.items && branch.items.properties && branch.items.properties[step]) { next = branch.items.properties[step]; break; }
      }
      node = next;
    }
    return node;
  }

  function typeWords(node) {
    const parts = [];
    for (const branch of branches(node)) {
      if (branch.enum) parts.push(branch.enum.map((v) => JSON.stringify(v)).join(" | "));
      else if (branch.const !== undefined) parts.push(JSON.stringify(branch.const));
      else if (branch.type) parts.push([].concat(branch.type).join(" | "));
    }
    return [...new Set(parts)].join(" | ");
  }

  function cursorMoved() {
    const lines = editor.value.split("\n");
    const index = currentLine() - 1;
    const column = editor.selectionStart - editor.value.lastIndexOf("\n", editor.selectionStart - 1);
    cursorPos.textContent = `line ${index + 1}, column ${column}`;
    draw();
    if (!schema) return;
    const path = keyPath(lines, index);
    const shown = path.join(".").replaceAll(".[]", "[]").replaceAll("[].", "[].");
    helpKey.textContent = shown;
    const node = path.length ? lookUp(path) : null;
    if (!node) {
      help.replaceChildren(path.length ? `No key ${shown} in the variant format (see docs/variant-reference.md).` : "Move the cursor onto a key to read what it means.");
      return;
    }
    const kind = typeWords(node);
    help.replaceChildren(...[
      el("p", {}, node.description || "No description."),
      kind ? el("div", { class: "type" }, "accepts: " + kind) : null,
      node.default !== undefined ? el("div", { class: "type" }, "default: " + JSON.stringify(node.default)) : null,
      typeof node["x-hint"] === "string" ? el("div", { class: "type" }, node["x-hint"]) : null].filter(Boolean));
  }

  // ------------------------------------------------------------ files
  document.getElementById("start-game").addEventListener("change", async (event) => {
    const value = event.target.value;
    if (!value) return;
    const [how, name] = value.split(":");
    event.target.value = "";
    if (how === "extends") {
      replaceText(`studkit: 1\nname: my-${name}\nextends: ${name}\ntitle: My ${name.replaceAll("-", " ")}\n# change any rule below; \`studkit schema --markdown\` lists every key\n`,
        `house rules on top of ${name}`);
    } else {
      const file = await api(`/api/variants/${encodeURIComponent(name)}`);
      replaceText(file.yaml, `a copy of ${name}`);
    }
  });

  document.getElementById("open-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > 256 * 1024) { status.textContent = `${file.name} is over 256 KiB: a variant file is smaller`; status.className = "status bad"; return; }
    replaceText(await file.text(), file.name);
  });

  document.getElementById("download").addEventListener("click", () => {
    const blob = new Blob([editor.value], { type: "text/yaml" });
    const link = el("a", { href: URL.createObjectURL(blob), download: `${last.variant || "variant"}.yaml` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });

  playIt.addEventListener("click", () => { keep(); location.href = "/play?from=designer"; });
  compareIt.addEventListener("click", () => {
    keep();
    location.href = `/compare?from=designer&with=${encodeURIComponent(last.parent)}`;
  });

  // the start game select offers a copy of each game and house rules on top of it
  const select = document.getElementById("start-game");
  const games = [...select.options].slice(1);
  const copies = el("optgroup", { label: "Edit a copy of" });
  const houses = el("optgroup", { label: "House rules on top of" });
  for (const option of games) {
    copies.append(el("option", { value: "file:" + option.value }, option.textContent));
    houses.append(el("option", { value: "extends:" + option.value }, option.textContent));
    option.remove();
  }
  select.append(copies, houses);

  // ------------------------------------------------------------ tune
  const tuneRun = document.getElementById("tune-run");
  const tuneStatus = document.getElementById("tune-status");
  const tuneTable = document.getElementById("tune-table");
  const tuneApply = document.getElementById("tune-apply");
  let tuning = false;
  let tuned = null;
  const split = (text) => text.split(",").map((part) => part.trim()).filter(Boolean);
  const figure = (metric) => metric.value === null ? "-" :
    metric.value.toFixed(2) + (metric.ci95 ? ` (${metric.ci95[0].toFixed(2)} .. ${metric.ci95[1].toFixed(2)})` : "");

  document.getElementById("tune-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      variant: editor.value,
      params: split(document.getElementById("tune-params").value),
      targets: split(document.getElementById("tune-targets").value),
      hands: Number(document.getElementById("tune-hands").value),
    };
    const bots = document.getElementById("tune-bots").value;
    if (bots) body.bots = bots;
    const players = document.getElementById("tune-players").value;
    if (players) body.players = Number(players);
    tuning = true;
    tuneRun.disabled = true;
    tuneApply.hidden = true;
    tuneTable.hidden = true;
    tuneStatus.className = "status";
    tuneStatus.textContent = "Searching…";
    try {
      const result = await api("/api/tune", body);
      tuned = result;
      const keys = Object.keys(result.best);
      const targets = Object.keys(result.metrics);
      document.getElementById("tune-head").replaceChildren(
        ...keys.map((key) => el("th", {}, key)), ...targets.map((t) => el("th", {}, t)), el("th", {}, "hands"));
      document.getElementById("tune-rows").replaceChildren(...result.candidates.map((c) => {
        const best = keys.every((key) => c.values[key] === result.best[key]);
        return el("tr", { class: best ? "best" : null },
          ...keys.map((key) => el("td", {}, String(c.values[key]))),
          ...targets.map((t) => el("td", {}, figure(c.metrics[t]))),
          el("td", {}, chips(c.hands)));
      }));
      tuneTable.hidden = false;
      const values = keys.map((key) => `${key}=${result.best[key]}`).join(", ");
      tuneStatus.className = result.met ? "status ok" : "status";
      tuneStatus.textContent = `Best: ${values} (${result.met ? "meets every target" : "comes closest"})` +
        (result.skipped.length ? `; skipped: ${result.skipped.join("; ")}` : "");
      tuneApply.hidden = !result.yaml;
    } catch (error) {
      tuneStatus.className = "status bad";
      tuneStatus.textContent = error.message;
    } finally {
      tuning = false;
      tuneRun.disabled = !last.ok;
    }
  });

  tuneApply.addEventListener("click", () => {
    if (!tuned || !tuned.yaml) return;
    editor.value = tuned.yaml;
    tuneApply.hidden = true;
    if (tuned.unplaced.length) {
      tuneStatus.textContent += `. Not set (add them by hand): ${tuned.unplaced.join(", ")}`;
    }
    changed();
  });

  editor.addEventListener("input", changed);
  editor.addEventListener("scroll", syncScroll);
  for (const kind of ["keyup", "click", "focus"]) editor.addEventListener(kind, cursorMoved);
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.metaKey) {  // YAML indents with spaces
      event.preventDefault();
      editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end");
      changed();
    }
  });

  const params = new URLSearchParams(location.search);
  editor.value = designerFile() || START;
  keep();
  if (params.get("game")) {
    select.value = "file:" + params.get("game");
    select.dispatchEvent(new Event("change"));
  }
  api("/api/schema").then((loaded) => { schema = loaded; cursorMoved(); });
  draw();
  check();
})();
