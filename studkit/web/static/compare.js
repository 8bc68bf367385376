/* studkit web: comparisons. POST /api/compare starts `studkit compare` on the server; its
   progress arrives as server-sent events; the report is the one `--report` writes. */
"use strict";

(() => {
  const { api, el, chips, designerFile } = studkit;
  const $ = (id) => document.getElementById(id);
  const chosen = [];
  const DESIGNER = "__designer__";

  function titleOf(value) {
    if (value === DESIGNER) return "The file from the designer";
    const option = [...$("add-variant").options].find((o) => o.value === value);
    return option ? option.textContent : value;
  }

  function drawChosen() {
    $("chosen").replaceChildren(...chosen.map((value, index) => el("li", { "data-variant": value },
      titleOf(value), index === 0 ? el("span", { class: "muted" }, " (baseline)") : null,
      el("button", { type: "button", onclick: () => { chosen.splice(index, 1); drawChosen(); } }, "remove"))));
    $("run").disabled = chosen.length < 2;
  }

  function add(value) {
    if (!value || chosen.includes(value) || chosen.length >= 6) return;
    chosen.push(value);
    drawChosen();
  }

  function fail(message) {
    $("compare-error").textContent = message;
    $("compare-error").hidden = !message;
  }

  function progress(data) {
    const share = data.total ? data.done / data.total : 0;
    $("bar").style.width = `${Math.round(share * 100)}%`;
    const words = { queued: "waiting to start", simulating: "simulating", odds: "computing the exact odds of the hand rankings", report: "drawing the report", done: "done", error: "failed" };
    $("progress-text").textContent = `${words[data.phase] || data.phase}: ${chips(data.done)} of ${chips(data.total)} hands`;
  }

  async function finished(id) {
    const status = await api(`/api/compare/${id}`);
    $("run").disabled = false;
    if (status.error) { fail(status.error); return; }
    $("summary").textContent = status.result.summary;
    $("result").hidden = false;
    const frame = $("report");
    frame.addEventListener("load", () => {
      try { frame.style.height = `${frame.contentDocument.documentElement.scrollHeight + 30}px`; } catch (e) { /* keep the default */ }
    }, { once: true });
    frame.src = `/compare/${id}/report/index.html`;
    $("report-link").href = frame.src;
  }

  $("compare-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    fail("");
    const variants = chosen.map((value) => (value === DESIGNER ? designerFile() : value));
    if (variants.some((v) => !v)) { fail("There is no file from the designer in this browser: open the designer first."); return; }
    const body = { variants, hands: Number($("hands").value), odds: $("odds").checked,
                   skill_trace: $("skill-trace").checked };
    if ($("players").value) body.players = Number($("players").value);
    if ($("bots").value) body.bots = $("bots").value;
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    let job;
    try {
      job = await api("/api/compare", body);
    } catch (error) { fail(error.message); return; }
    $("run").disabled = true;
    $("result").hidden = true;
    $("progress-area").hidden = false;
    progress(job);
    const events = new EventSource(`/api/compare/${job.id}/events`);
    events.addEventListener("progress", (e) => progress(JSON.parse(e.data)));
    events.addEventListener("done", (e) => { progress(JSON.parse(e.data)); events.close(); finished(job.id); });
    events.addEventListener("error", (e) => {
      if (e.data) { events.close(); const data = JSON.parse(e.data); progress(data); fail(data.error); $("run").disabled = false; }
    });
  });

  $("add-variant").addEventListener("change", (event) => { add(event.target.value); event.target.value = ""; });
  const params = new URLSearchParams(location.search);
  if (designerFile()) $("designer-option").hidden = false;
  if (params.get("from") === "designer" && designerFile()) {
    add(params.get("with") || "seven-card-stud");
    add(DESIGNER);
  } else {
    for (const name of params.getAll("variant")) add(name);
    if (!chosen.length) { add("seven-card-stud"); add("tda-seven-card-stud"); }
  }
  drawChosen();
})();
