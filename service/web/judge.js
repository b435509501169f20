// Пульт судьи: a thin client of the public /v1 API.  Every server string is put in the page
// as text (textContent), never as HTML: words and notes come from players and other judges.
"use strict";

const $ = (id) => document.getElementById(id);

// el("p", {class: "x"}, "text", childNode, ...) — null/false children are skipped.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

const fold = (s) => String(s).toLowerCase().replaceAll("ё", "е");
const splitList = (text, sep) => text.split(sep).map((s) => s.trim()).filter(Boolean);

const RULES = {
  cognate: "однокоренное", abbreviation: "аббревиатура", fragment: "часть слова",
  letters: "буквы, слоги, звучание", translation: "перевод", profanity: "ненормативная лексика",
  not_single_word: "не одно слово", unknown_word: "неизвестное слово", number: "число",
  unknown: "неизвестное слово", not_noun: "не существительное", proper_noun: "имя собственное",
  plural: "множественное число", invalid: "не слово", word_form: "не начальная форма",
  board_cognate: "однокоренное со словом на поле", sound: "звучание",
  insult: "оскорбление игрока", judge: "спор с судьёй",
  honesty: "честное слово", truth: "клятва правдой", oath: "клятва", bet: "пари", religion: "религия",
  filler: "слово-паразит",
};
const REASONS = {
  word_form: "форма загаданного слова", homophone: "омофон", form_homophone: "омофон формы слова",
  cognate: "однокоренное, но не то слово", different_word: "другое слово",
};
const CONFIDENCE = {certain: "точно", probable: "вероятно", none: "связи нет"};
const KINDS = {prefix: "приставка", root: "корень", suffix: "суффикс", ending: "окончание",
               interfix: "соединительная гласная", postfix: "постфикс"};
const SEVERITY = {violation: "нарушение", warning: "на усмотрение судьи"};
const CHGK = {accept: "зачёт", reject: "незачёт", judge: "решает судья"};
const PENALTY = {none: "без штрафа", foul: "фол", loss: "поражение", warning: "предупреждение", removal: "удаление"};
// The API's codes stay English (its contract: add, never rename); a judge reads Russian words for them.
const CHGK_REASONS = {
  exact: "точное совпадение", number: "число", word_form: "форма слова", word_order: "порядок слов", aspect: "вид глагола",
  abbreviation: "аббревиатура", transliteration: "написано другими буквами", typo: "опечатка", truncation: "сокращение",
  synonym: "синоним", surname: "фамилия", parts: "части ответа", criterion: "критерий зачёта", alternative: "другой вариант",
  rejected_list: "в списке незачётов", multiple_answers: "несколько ответов", less_precise: "менее точно",
  name_part: "часть имени", another_person: "другой человек", related_word: "родственное слово",
  extra_words: "лишние слова", other_script: "другой алфавит", different: "другой ответ", empty: "пустой ответ",
  no_reference: "нет эталона", ruling: "решение судьи", close: "близко по смыслу", contradiction: "противоречит эталону",
  another_name: "другое имя", another_thing: "о другом", unknown_words: "незнакомые слова", question_replacement: "замена из вопроса",
  question_word: "слово из вопроса", too_branched: "слишком ветвистый эталон",
};
const NOMINATIONS = {
  accepted: "принято", withdrawn: "снято", future_tense: "будущее время", subjunctive: "сослагательное наклонение",
  past_tense: "прошедшее время", intention: "намерение, а не действие", proposal: "предложение, а не выставление",
  wrong_form: "не та форма", no_number: "нет номера", invalid_number: "нет такого номера", not_alive: "игрока нет в игре",
  one_candidature: "только одна кандидатура", not_your_nomination: "выставлен другой игрок",
  no_withdrawal: "снятие не предусмотрено", removed: "игрок уже удалён",
};
const RULING_KINDS = {cognate: "однокоренные", guess: "догадка", chgk_answer: "ответ ЧГК"};
const EVIDENCE = {ruling: "решение судьи", same_family: "одно словообразовательное гнездо", derived: "производное слово",
                  different_roots: "разные корни", curated_sense: "корень в одном значении"};
const label = (dict, key) => dict[key] || key;

// Problem titles (RFC 9457) are English in the API; the judge reads Russian: by the stable `code`,
// else by the HTTP status, else a title the server already wrote in Russian.
const PROBLEMS = {
  "invalid-word": "это не русское слово", "not-a-russian-word": "это не русское слово",
  validation: "неверные данные в запросе", "invalid-request": "неверные данные в запросе",
  "invalid-ruling": "решение не подходит к этому виду", "cannot-draw": "не удалось набрать слова",
  "chgk-package": "это не пакет вопросов", "too-much-work": "слишком большая работа для одного запроса",
  timeout: "сервер не успел ответить", "request-timed-out": "сервер не успел ответить",
  "data-file": "данные словаря недоступны", "rulings-store": "хранилище решений недоступно",
  "rulings-read-only": "запись решений выключена", "rulings-token": "нужен верный токен судьи",
};
const HTTP_STATUS = {
  400: "неверный запрос", 401: "нужен верный токен судьи", 403: "нет прав", 404: "не найдено",
  405: "так обратиться нельзя", 409: "конфликт", 413: "слишком большой запрос", 415: "не тот формат запроса",
  422: "неверные данные в запросе", 429: "слишком много запросов, подождите", 500: "ошибка на сервере",
  502: "сервер недоступен", 503: "сервер недоступен или занят", 504: "сервер не успел ответить",
};
const FIELDS = {
  a: "первое слово", b: "второе слово", target: "загаданное слово", text: "текст", guess: "догадка", clue: "подсказка",
  number: "число", board: "поле", team_open: "открыто у команды", words: "слово пула", game: "игра", scope: "турнир",
  answer: "ответ", reference: "авторский ответ", accepted: "зачёт", rejected: "незачёт", ruleset: "правила",
  verdict: "решение", note: "примечание", judge: "судья", kind: "вид",
};

function problemTitle(status, data) {
  if (PROBLEMS[data.code]) return PROBLEMS[data.code];
  if (HTTP_STATUS[status]) return HTTP_STATUS[status];
  return /[а-яё]/i.test(data.title || "") ? data.title : "ошибка";
}

// "words.13" → «слово пула № 14»: a field a person can find in the form.
function fieldLabel(field) {
  if (!field) return "запрос";
  const [name, index] = String(field).split(".");
  const place = /^\d+$/.test(index || "") ? ` № ${Number(index) + 1}` : "";
  return `${FIELDS[name] || name}${place}`;
}

// --- what the server allows: read once at load (GET /v1/health) ---
const server = {rulingsWritable: undefined};

async function readServer() {
  const res = await api("GET", "/v1/health");
  if (res.ok && res.data) server.rulingsWritable = Boolean(res.data.rulings_writable);
}

// --- settings: scope and judge name survive a reload; the token stays in this tab only ---
const settings = {
  get scope() { return $("scope").value.trim(); },
  get judge() { return $("judge-name").value.trim(); },
  get token() { return $("token").value.trim(); },
};

function restoreSettings() {
  $("scope").value = localStorage.getItem("koren.scope") || "";
  $("judge-name").value = localStorage.getItem("koren.judge") || "";
  $("token").value = sessionStorage.getItem("koren.token") || "";
  $("scope").addEventListener("change", () => localStorage.setItem("koren.scope", settings.scope));
  $("judge-name").addEventListener("change", () => localStorage.setItem("koren.judge", settings.judge));
  $("token").addEventListener("change", () => sessionStorage.setItem("koren.token", settings.token));
  $("settings").addEventListener("submit", (e) => e.preventDefault());
}

// --- the API --------------------------------------------------------------------------------
async function api(method, path, body, {auth = false} = {}) {
  const headers = {Accept: "application/json"};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (auth && settings.token) headers.Authorization = `Bearer ${settings.token}`;
  let response;
  try {
    response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (err) {
    return {ok: false, status: 0, data: {detail: "сервер не отвечает: проверьте сеть и адрес"}};   // err.message is the browser's English
  }
  let data = null;
  if (response.status !== 204) {
    try { data = await response.json(); } catch { data = {detail: `ответ не JSON (HTTP ${response.status})`}; }
  }
  return {ok: response.ok, status: response.status, data, method, path};
}

const withScope = (body) => (settings.scope ? {...body, scope: settings.scope} : body);

function problemBox(res) {
  if (res.status === 404 && res.method === "POST") {
    // The check's router is not deployed on this server yet: say so instead of failing.
    return el("p", {class: "notice unavailable"},
      `Эта проверка пока недоступна на сервере (404: ${res.method} ${res.path}).`);
  }
  const data = res.data || {};
  const details = (data.errors || []).map((e) => el("li", {}, `${fieldLabel(e.field)}: ${e.message}`));
  return el("div", {class: "notice error"},
    el("strong", {}, res.status ? `Ошибка ${res.status}: ${problemTitle(res.status, data)}` : "Ошибка сети"),
    // a validation detail repeats the errors with their English field names: the list says it in Russian
    details.length ? el("ul", {}, details) : el("p", {}, data.detail || ""));
}

// A table scrolls sideways inside its own box when it is wider than the screen (judge.css).
const tableBox = (id, ...rows) => el("div", {class: "table-box"}, el("table", {class: "table", id}, ...rows));

function show(container, ...nodes) { container.replaceChildren(...nodes.flat().filter(Boolean)); }
function busy(container) { show(container, el("p", {class: "muted"}, "Проверяю…")); }

function formOnSubmit(id, handler) {
  $(id).addEventListener("submit", (event) => { event.preventDefault(); handler(event.target); });
}

// --- spans: highlight findings in the text exactly as sent ------------------------------------
function markedText(text, findings, describe) {
  const cuts = new Set([0, text.length]);
  for (const f of findings) {
    if (Number.isInteger(f.start) && Number.isInteger(f.end) && f.start < f.end && f.end <= text.length) {
      cuts.add(f.start); cuts.add(f.end);
    }
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out = el("p", {class: "marked"});
  for (let i = 0; i + 1 < points.length; i++) {
    const [from, to] = [points[i], points[i + 1]];
    const piece = text.slice(from, to);
    const covering = findings.filter((f) => f.start <= from && f.end >= to);
    if (!covering.length) { out.append(piece); continue; }
    const worst = covering.some((f) => ["violation", "foul", "removal"].includes(f.severity || f.penalty))
      ? "violation" : "warning";
    out.append(el("mark", {class: `finding sev-${worst}`, "data-rule": covering.map((f) => f.rule).join(" "),
                           title: covering.map(describe).join("\n")}, piece));
  }
  return out;
}

function rulingNote(ev) {
  if (!ev) return null;
  const when = ev.decided_at ? new Date(ev.decided_at).toLocaleString("ru-RU") : "";
  return el("div", {class: "ruling-note"},
    el("strong", {}, "Решение судьи"), ` ${ev.judge ? ev.judge + ", " : ""}${when}`,
    ev.note ? el("div", {}, `«${ev.note}»`) : null);
}

// --- recording a ruling right where the verdict is shown ---------------------------------------
function rulingForm({kind, a, b, choices, after, where}) {
  if (server.rulingsWritable === false) {
    return el("p", {class: "muted ruling-form"}, "Запись решений на этом сервере выключена.");
  }
  const note = el("input", {class: "ruling-text", placeholder: "примечание (почему)", maxlength: 2000});
  const status = el("span", {class: "ruling-status", "aria-live": "polite"});
  const record = async (verdict) => {
    if (!settings.scope) { show(status, "Укажите турнир вверху страницы."); return; }
    const res = await api("POST", "/v1/rulings", {scope: settings.scope, kind, a, b, verdict,
                                                  note: note.value, judge: settings.judge || null}, {auth: true});
    if (!res.ok) { show(status, problemBox(res)); return; }
    const done = `Решение №${res.data.id} записано в «${res.data.scope}».`;
    show(status, done);
    if (after) {
      await after();   // re-check, so the verdict shown is the one the ruling makes; keep the confirmation
      const fresh = where && where.querySelector(".ruling-status");
      if (fresh) show(fresh, done);
    }
  };
  return el("div", {class: "ruling-form"},
    el("span", {class: "muted"}, `Решение для турнира: `),
    choices.map(([text, verdict]) => el("button", {type: "button", class: "ruling-choice",
                                                   "data-verdict": String(verdict), onclick: () => record(verdict)}, text)),
    note, status);
}

// --- однокоренные ------------------------------------------------------------------------------
function morphemeLine(analysis, shared) {
  return el("div", {class: "morphemes", lang: "ru"},
    analysis.morphemes.map((m) => {
      const isShared = m.kind === "root" && shared.has(fold(m.text));
      return el("span", {class: `morpheme m-${m.kind}${isShared ? " shared" : ""}`, title: label(KINDS, m.kind)}, m.text);
    }));
}

function wordColumn(word, res, shared, otherInput) {
  if (!res.ok) return el("div", {class: "word-card"}, el("h3", {}, word), problemBox(res));
  const w = res.data;
  return el("div", {class: "word-card", "data-word": w.normalized},
    el("h3", {}, w.word, w.known ? null : el("span", {class: "tag"}, "нет в словаре")),
    el("p", {class: "muted"}, "лемма: ", w.lemmas.join(", "),
       w.pronunciations.length ? ` · [${w.pronunciations.join("], [")}]` : ""),
    w.analyses.map((an) => el("div", {class: "analysis"},
      morphemeLine(an, shared),
      el("p", {class: "source"}, `${an.lemma} — источник: ${an.source_name || an.source}`),
      an.glosses ? el("p", {class: "muted"}, an.glosses) : null,
      an.related && an.related.length ? el("div", {class: "related"}, el("span", {class: "muted"}, "родственные: "),
        an.related.map((r) => el("button", {type: "button", class: "chip",
          title: "сравнить с этим словом", onclick: () => { otherInput.value = r; $("cognates-form").requestSubmit(); }}, r)))
        : null)),
    el("a", {class: "wiktionary", href: w.wiktionary, target: "_blank", rel: "noopener noreferrer"},
       `«${w.lemmas[0] || w.normalized}» в Викисловаре`));
}

function evidenceList(evidence) {
  return el("ul", {class: "evidence"}, evidence.map((ev) => el("li", {},
    ev.explanation || label(EVIDENCE, ev.kind),
    ev.alternation ? el("span", {class: "tag"}, `чередование ${ev.alternation}`) : null,
    ev.path && ev.path.length ? el("ol", {class: "path"},
      ev.path.map((s) => el("li", {}, `${s.from} → ${s.to}`, el("span", {class: "muted"}, ` (${s.label || "связь"}; ${s.source || ""})`)))) : null,
    ev.source ? el("div", {class: "source"}, `источник: ${ev.source}`) : null)));
}

async function checkCognates() {
  const a = $("cog-a").value.trim(), b = $("cog-b").value.trim();
  const out = $("cognates-result");
  busy(out);
  const [verdict, wa, wb] = await Promise.all([
    api("POST", "/v1/cognates", withScope({a, b})),
    api("GET", `/v1/words/${encodeURIComponent(a)}`),
    api("GET", `/v1/words/${encodeURIComponent(b)}`),
  ]);
  if (!verdict.ok) { show(out, problemBox(verdict)); return; }
  const v = verdict.data;
  const shared = new Set(v.shared_roots.map(fold));
  const ruling = v.evidence.find((e) => e.kind === "ruling");
  const engine = ruling ? ruling.engine : null;
  show(out, el("div", {class: "side-by-side"},
    wordColumn(a, wa, shared, $("cog-b")),
    el("div", {class: "verdict-card"},
      el("p", {id: "cognates-verdict", class: `verdict ${v.cognate ? "yes" : "no"}`},
         v.cognate ? "Однокоренные" : "Не однокоренные"),
      el("p", {class: "confidence"}, `уверенность: ${label(CONFIDENCE, v.confidence)}`),
      v.shared_roots.length ? el("p", {}, "общий корень: ",
        v.shared_roots.flatMap((r, i) => [i ? " ~ " : "", el("mark", {class: "shared"}, r)]), "") : null,
      rulingNote(ruling),
      engine ? el("p", {class: "engine"}, `Движок: ${engine.cognate ? "однокоренные" : "не однокоренные"} `
                  + `(${label(CONFIDENCE, engine.confidence)})`) : null,
      evidenceList(engine ? engine.evidence : v.evidence),
      rulingForm({kind: "cognate", a, b, choices: [["Считать однокоренными", true], ["Считать разными", false]],
                  after: checkCognates, where: out})),
    wordColumn(b, wb, shared, $("cog-a"))));
}

// --- Шляпа -------------------------------------------------------------------------------------
function findingsList(findings) {
  return el("ul", {class: "findings"}, findings.map((f) => el("li", {class: `sev-${f.severity || f.penalty}`},
    el("strong", {}, label(RULES, f.rule)),
    // the message names the word itself («МГУ» — аббревиатура…): the token is not said twice
    (f.message || "").includes(`«${f.token}»`) ? ` — ${f.message}` : ` «${f.token}» — ${f.message || ""}`,
    f.severity ? el("span", {class: "tag"}, label(SEVERITY, f.severity)) : null,
    f.penalty ? el("span", {class: "tag"}, label(PENALTY, f.penalty)) : null,
    f.evidence && f.evidence.ruling ? rulingNote(f.evidence.ruling) : null)));
}

async function checkHat() {
  const target = $("hat-target").value.trim(), text = $("hat-text").value;
  const out = $("hat-result");
  busy(out);
  const res = await api("POST", "/v1/hat/explanation", withScope({target, text}));
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  show(out,
    el("p", {class: `verdict ${r.ok ? "yes" : "no"}`}, r.ok ? "Объяснение по правилам" : "Есть нарушения"),
    el("p", {class: "muted"}, `нарушений: ${r.counts.violations}, на усмотрение судьи: ${r.counts.warnings}`),
    markedText(text, r.violations, (f) => `${label(RULES, f.rule)}: ${f.message}`),
    findingsList(r.violations));
}

// --- Кодовые имена ------------------------------------------------------------------------------
// An emptied field falls back to the page's default (9), not to 0, which fouls every clue with a number.
const teamOpen = () => Number.parseInt($("cn-open").value || $("cn-open").defaultValue, 10);

async function checkCodenames() {
  const clue = $("cn-clue").value.trim();
  const raw = $("cn-number").value.trim();
  const number = ["∞", "unlimited", "бесконечно"].includes(raw.toLowerCase()) ? "unlimited" : Number.parseInt(raw, 10);
  const board = splitList($("cn-board").value, /[,;\n]/);
  const out = $("codenames-result");
  busy(out);
  const res = await api("POST", "/v1/codenames/clue",
                        withScope({clue, number, board, team_open: teamOpen()}));
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  const violations = r.violations || [];
  // The contract gives no spans for a clue: mark the spans when present, else the whole clue and
  // every board word a violation names.
  const spans = violations.filter((v) => Number.isInteger(v.start));
  const clueFindings = spans.length ? spans : (r.valid ? [] : [{start: 0, end: clue.length, rule: "clue", severity: "violation"}]);
  // A violation names its board word in `board_word`; older answers only in the message text.
  const named = (word) => violations.some((v) => v.board_word
    ? fold(v.board_word) === fold(word)
    : new RegExp(`«${fold(word)}»`).test(fold(v.message || "")));
  show(out,
    el("p", {class: `verdict ${r.valid ? "yes" : "no"}`},
       r.valid ? "Подсказка допустима" : `Подсказка недопустима: ${label(PENALTY, r.penalty)}`),
    markedText(clue, clueFindings, (f) => f.message || "нарушение"),
    el("div", {class: "board"}, board.map((w) => el("span", {class: `chip${named(w) ? " hit" : ""}`}, w))),
    el("ul", {class: "findings"}, violations.map((v) => el("li", {}, el("strong", {}, label(RULES, v.rule)), ` — ${v.message}`,
      v.evidence && v.evidence.ruling ? rulingNote(v.evidence.ruling) : null))));
}

// --- проверки ----------------------------------------------------------------------------------
async function checkGuess() {
  const target = $("guess-target").value.trim(), guess = $("guess-guess").value.trim();
  const out = $("guess-result");
  busy(out);
  const res = await api("POST", "/v1/hat/guess", withScope({target, guess}));
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  const ruling = r.evidence.find((e) => e.kind === "ruling");
  show(out,
    el("p", {class: `verdict ${r.accepted ? "yes" : "no"}`}, r.accepted ? "Засчитано" : "Не засчитано"),
    el("p", {}, label(REASONS, r.reason), el("span", {class: "muted"}, ` — ${r.message}`)),
    rulingNote(ruling),
    rulingForm({kind: "guess", a: target, b: guess, choices: [["Засчитать", true], ["Не засчитывать", false]],
                after: checkGuess, where: out}));
}

async function checkHomophones() {
  const a = $("hom-a").value.trim(), b = $("hom-b").value.trim();
  const out = $("homophones-result");
  busy(out);
  const res = await api("POST", "/v1/homophones", {a, b});
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  show(out,
    el("p", {class: `verdict ${r.homophones ? "yes" : "no"}`}, r.homophones ? "Омофоны" : "Не омофоны"),
    el("p", {}, `${r.a}: [${r.a_pronunciations.join("], [")}] · ${r.b}: [${r.b_pronunciations.join("], [")}]`),
    el("p", {class: "muted"}, r.explanation, r.guess ? " (ударение угадано)" : ""));
}

async function checkChgk() {
  const answer = $("chgk-answer").value.trim(), reference = $("chgk-reference").value.trim();
  const out = $("chgk-result");
  busy(out);
  const res = await api("POST", "/v1/chgk/answer", withScope({answer, reference,
    accepted: splitList($("chgk-accepted").value, ";"), rejected: splitList($("chgk-rejected").value, ";")}));
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  const ruling = (r.evidence || []).find((e) => e && e.kind === "ruling");
  show(out,
    el("p", {class: `verdict ${r.verdict === "accept" ? "yes" : r.verdict === "reject" ? "no" : "maybe"}`}, label(CHGK, r.verdict)),
    el("p", {}, r.message || "", el("span", {class: "tag"}, label(CHGK_REASONS, r.reason))),
    r.matched ? el("p", {class: "muted"}, `совпало с: «${r.matched}»`) : null,
    rulingNote(ruling),
    // chgk_answer rulings pair (reference, answer).
    rulingForm({kind: "chgk_answer", a: reference, b: answer, choices: [["Засчитать", "accept"], ["Не засчитывать", "reject"]],
                after: checkChgk, where: out}));
}

// --- a tour's answers (/v1/chgk/answers): the groups a jury must rule on, the most teams first ----------

// One answer a line: «команда<TAB>ответ» or «команда: ответ»; a line without either is an answer without a team.
function teamAnswers(text) {
  return splitLines(text).map((line) => line.trim()).filter(Boolean).map((line) => {
    const cut = line.includes("\t") ? line.indexOf("\t") : line.indexOf(": ");
    if (cut <= 0) return {answer: line};
    const team = line.slice(0, cut).trim(), answer = line.slice(cut + (line[cut] === "\t" ? 1 : 2)).trim();
    return team && answer ? {team, answer} : {answer: line};
  });
}

// The batch's `judge` groups in the order a jury goes through them: the server's judge_order (the most
// teams first); a server without it: the judge groups by their teams (or size), then as they came.
function judgeGroups(out) {
  const groups = out.groups || [];
  const order = Array.isArray(out.judge_order) ? out.judge_order
    : groups.map((g, i) => i).filter((i) => groups[i].verdict === "judge")
      .sort((i, j) => ((groups[j].teams ?? groups[j].size) - (groups[i].teams ?? groups[i].size)) || i - j);
  return order.map((i) => ({index: i, ...groups[i]}));
}

async function checkChgkBatch() {
  const reference = $("chgk-reference").value.trim(), out = $("chgk-batch-result");
  if (!reference) { show(out, el("p", {class: "notice error"}, "Впишите авторский ответ")); return; }
  const answers = teamAnswers($("chgk-batch-answers").value);
  if (!answers.length) { show(out, el("p", {class: "notice error"}, "Нет ни одного ответа")); return; }
  busy(out);
  const res = await api("POST", "/v1/chgk/answers", withScope({reference, answers,
    accepted: splitList($("chgk-accepted").value, ";"), rejected: splitList($("chgk-rejected").value, ";")}));
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data, c = r.counts, groups = judgeGroups(r);
  show(out,
    el("p", {}, `ответов: ${num(c.answers)}; зачёт: ${num(c.accept)}, незачёт: ${num(c.reject)}, `,
       `решает судья: ${num(c.judge)} (групп: ${num(groups.length)})`),
    groups.length ? el("ol", {class: "group-list", id: "chgk-judge-groups"}, groups.map((g) => el("li", {},
      el("strong", {}, `«${g.representative}»`), " ",
      el("span", {class: "tag"}, label(CHGK_REASONS, g.reason)), " ",
      el("span", {class: "muted teams"}, `команд: ${num(g.teams ?? g.size)}`),
      g.message ? el("div", {}, g.message) : null,
      el("div", {class: "muted"}, "ответы: ", g.answers.map((a) => (a.team === null || a.team === undefined
        ? `«${a.answer}»` : `${a.team}: «${a.answer}»`)).join("; ")),
      g.evidence && g.evidence.length ? evidenceList(g.evidence) : null)))
      : el("p", {class: "muted"}, "Спорных ответов нет"));
}

async function checkMafia() {
  const text = $("mafia-text").value;
  const out = $("mafia-result");
  busy(out);
  const res = await api("POST", "/v1/mafia/speech", {text, ruleset: $("mafia-ruleset").value});
  if (!res.ok) { show(out, problemBox(res)); return; }
  const r = res.data;
  show(out,
    el("p", {class: `verdict ${r.removal ? "no" : r.fouls ? "maybe" : "yes"}`},
       r.removal ? "Удаление" : r.fouls ? `Фолов: ${r.fouls}` : "Нарушений нет"),
    markedText(text, r.findings, (f) => `${label(RULES, f.rule)}: ${label(PENALTY, f.penalty)}`),
    findingsList(r.findings),
    r.nominations && r.nominations.length ? tableBox(null,
      el("tr", {}, el("th", {}, "действие"), el("th", {}, "игрок"), el("th", {}, "принято"), el("th", {}, "почему")),
      r.nominations.map((n) => el("tr", {}, el("td", {}, n.action === "nominate" ? "выставление" : "снятие"),
        el("td", {}, n.player), el("td", {}, n.accepted ? "да" : "нет"),
        el("td", {}, label(NOMINATIONS, n.reason), n.message ? el("div", {class: "muted"}, n.message) : null)))) : null);
}

// --- пул слов ----------------------------------------------------------------------------------
let poolRows = [];

function csvCell(value) {
  // The CLI's rule (service/cli/lint.py, spreadsheet_safe): a cell a spreadsheet would run as a formula
  // (=1+1, +cmd|…, @SUM(…), a leading -, tab or CR) gets a leading ' and stays text.
  const text = String(value);
  const s = /^[=+\-@\t\r]/.test(text) ? "'" + text : text;
  return /[",;\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function downloadBlob(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const a = el("a", {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// --- reading a pool file: the rules of the CLI's read_pool (service/cli/lint.py), step for step, so a
// file lints the same here and in `koren lint`; tests/browser/test_judge_console.py reads the same
// sample files with both.  Change the two together.
const POOL_LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;   // Python's str.splitlines()

function splitLines(text) {
  const lines = text.split(POOL_LINE_BREAK);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// Python's s.strip(chars) for one quote character.
function stripChar(s, ch) {
  let from = 0, to = s.length;
  while (from < to && s[from] === ch) from++;
  while (to > from && s[to - 1] === ch) to--;
  return s.slice(from, to);
}

// Python's csv.reader, default dialect: commas, "quoted" fields with "" inside and line breaks.
function csvRows(text) {
  const rows = [];
  let row = [], field = "", quoted = false, inField = false;
  const endRow = () => { if (inField || row.length) row.push(field); rows.push(row); row = []; field = ""; inField = false; };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && !field) { quoted = true; inField = true; }
    else if (ch === ",") { row.push(field); field = ""; inField = true; }
    else if (ch === "\n") endRow();
    else { field += ch; inField = true; }
  }
  if (inField || row.length || field) endRow();
  return rows;
}

function readPool(text, name = "") {
  // utf-8-sig, and universal newlines as Python's read_text and stdin have them
  text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  if (text.trimStart().startsWith("[")) {
    const data = JSON.parse(text);
    if (!Array.isArray(data) || !data.every((w) => typeof w === "string")) {
      throw new Error("пул в JSON должен быть списком строк");
    }
    return data.map((w) => w.trim());
  }
  if (name.toLowerCase().endsWith(".csv") || (text.trim() ? splitLines(text)[0].includes(",") : false)) {
    let rows = csvRows(text).filter((r) => r.length && r[0].trim());
    if (rows.length && ["word", "words", "слово", "слова"].includes(rows[0][0].trim().toLowerCase())) rows = rows.slice(1);
    return rows.map((r) => r[0].trim());
  }
  const words = [];
  for (let line of splitLines(text)) {
    line = line.trim();
    if (line.startsWith("- ")) line = stripChar(stripChar(line.slice(2).trim(), '"'), "'");   // a YAML list (the Hat pools)
    if (!line || line.startsWith("#") || line === "---" || line.endsWith(":") || line.includes(": ")) continue;
    words.push(line);
  }
  return words;
}

// --- a linted pool on screen: what needs a judge first (problems, then groups), the clean words folded
// with a count, every long list in pages and a search over all of them.  An 8,214-word pool drawn row
// by row made a page 765,000 px tall with its problems scattered.
const POOL_PAGE = 100;
const pool = {report: null, query: "", page: {}, open: {}};
const num = (n) => n.toLocaleString("ru-RU");

function showPool(out, report) {
  Object.assign(pool, {report, query: "", page: {}, open: {}});
  const flagged = report.words.filter((w) => w.issues.length).length;
  const byRule = Object.entries((report.summary && report.summary.by_rule) || {});
  const search = el("input", {type: "search", id: "pool-search", placeholder: "найти слово в пуле", "aria-label": "найти слово в пуле",
                              oninput: () => { pool.query = fold(search.value.trim()); pool.page = {}; drawPoolLists(); }});
  show(out,
    el("p", {class: "pool-summary"}, `слов: ${num(report.words.length)}, с замечаниями: ${num(flagged)}`,
       byRule.length ? ` (${byRule.map(([rule, n]) => `${label(RULES, rule)}: ${num(n)}`).join(", ")})` : "",
       `; повторов: ${num(report.duplicates.length)}, однокоренных групп: ${num(report.cognate_groups.length)}`),
    el("div", {class: "row"}, search),
    el("div", {id: "pool-lists"}));
  drawPoolLists();
}

const wordMatches = (word) => !pool.query || fold(word).includes(pool.query);
const groupMatches = (words) => !pool.query || words.some(wordMatches);

// One list of the report: a heading with its count, the current page of items and a pager.  `folded`
// lists sit in a <details> that stays open or shut across pages and searches.
function poolList({key, heading, items, draw, folded = false, empty = null}) {
  const body = el("div", {class: "pool-list-body"});
  const drawPage = () => {
    const pages = Math.max(1, Math.ceil(items.length / POOL_PAGE));
    const page = Math.min(pool.page[key] || 0, pages - 1);
    const shown = items.slice(page * POOL_PAGE, (page + 1) * POOL_PAGE);
    const go = (to) => { pool.page[key] = to; drawPage(); };
    show(body, items.length ? draw(shown) : el("p", {class: "muted"}, empty || "нет"),
      pages > 1 ? el("div", {class: "pager row", "data-list": key},
        el("button", {type: "button", class: "pager-prev", disabled: page === 0, onclick: () => go(page - 1)}, "‹ назад"),
        el("span", {class: "pager-where"}, `${num(page * POOL_PAGE + 1)}–${num(page * POOL_PAGE + shown.length)} из ${num(items.length)}`),
        el("button", {type: "button", class: "pager-next", disabled: page >= pages - 1, onclick: () => go(page + 1)}, "вперёд ›"))
        : null);
  };
  drawPage();
  const title = `${heading}: ${num(items.length)}`;
  if (!folded) return el("div", {class: "pool-list", id: `pool-list-${key}`}, el("h3", {}, title), body);
  const details = el("details", {class: "pool-list", id: `pool-list-${key}`, open: Boolean(pool.open[key])},
    el("summary", {}, title), body);
  details.addEventListener("toggle", () => { pool.open[key] = details.open; });
  return details;
}

function issueLines(w) {
  return w.issues.map((iss) => el("div", {}, el("strong", {}, label(RULES, iss.rule)), ` — ${iss.message}`));
}

// Numbered word lists keep each word's place in the file (№), also when a search leaves gaps.
const wordItems = (entries, id) => el("ol", {class: "word-list", id},
  entries.map(([w, i]) => el("li", {class: "pool-word", value: i + 1}, w.word)));
const groupItems = (groups, id, join) => el("ul", {class: "group-list", id},
  groups.map((g) => el("li", {}, g.words.join(join), g.roots && g.roots.length ? el("span", {class: "tag"}, roots(g.roots)) : null)));
const roots = (list) => (list.length === 1 ? "корень " : "корни ") + list.map((r) => `«${r}»`).join(", ");

function drawPoolLists() {
  const r = pool.report;
  const entries = r.words.map((w, i) => [w, i]).filter(([w]) => wordMatches(w.word));
  const problems = entries.filter(([w]) => w.issues.length);
  const clean = entries.filter(([w]) => !w.issues.length);
  // cognate_details carries each group's roots; the contract's minimum is cognate_groups alone.
  const groups = (r.cognate_details && r.cognate_details.length ? r.cognate_details : r.cognate_groups.map((words) => ({words})))
    .filter((g) => groupMatches(g.words));
  const lists = [
    poolList({key: "problems", heading: "Замечания", items: problems, empty: pool.query ? "не найдено" : "замечаний нет",
      draw: (page) => tableBox("pool-table",
        el("tr", {}, el("th", {}, "№"), el("th", {}, "слово"), el("th", {}, "замечания")),
        page.map(([w, i]) => el("tr", {class: "flagged pool-word"}, el("td", {}, i + 1), el("td", {}, w.word), el("td", {}, issueLines(w)))))}),
    r.duplicates.length ? poolList({key: "duplicates", heading: "Повторы", items: r.duplicates.filter(groupMatches),
      draw: (page) => groupItems(page.map((words) => ({words})), "pool-duplicates-list", " = ")}) : null,
    r.cognate_groups.length ? poolList({key: "groups", heading: "Однокоренные группы", items: groups,
      draw: (page) => groupItems(page, "pool-groups", ", ")}) : null,
    (r.spelling_variants || []).length ? poolList({key: "variants", heading: "Возможно, одно слово в двух написаниях",
      items: r.spelling_variants.filter(groupMatches), draw: (page) => groupItems(page.map((words) => ({words})), null, " / ")}) : null,
    (r.board_conflicts || []).length ? poolList({key: "conflicts", heading: "Пары, которым нельзя лежать на одном поле",
      items: r.board_conflicts.filter((c) => groupMatches([c.a, c.b])),
      draw: (page) => groupItems(page.map((c) => ({words: [c.a, c.b], roots: c.roots})), null, " / ")}) : null,
    (r.possible_cognates || []).length ? poolList({key: "possible", heading: "Возможно однокоренные (словарь не уверен, в группы не включены)",
      folded: true, items: r.possible_cognates.filter((c) => groupMatches([c.a, c.b])),
      draw: (page) => groupItems(page.map((c) => ({words: [c.a, c.b], roots: c.roots})), null, " / ")}) : null,
    poolList({key: "clean", heading: "Без замечаний", items: clean, folded: !pool.query, empty: pool.query ? "не найдено" : "нет",
      draw: (page) => wordItems(page, "pool-clean-list")}),
  ];
  show($("pool-lists"), lists);
}

async function lintPool() {
  const out = $("pool-result");
  const file = $("pool-file").files[0];
  let words;
  try {
    words = file ? readPool(await file.text(), file.name) : readPool($("pool-words").value);
  } catch (err) {
    show(out, el("p", {class: "notice error"}, `Не удалось прочитать пул: ${err instanceof SyntaxError ? "это не JSON" : err.message}.`));
    return;
  }
  if (!words.length) { show(out, el("p", {class: "notice error"}, "Пул пуст: выберите файл или вставьте слова.")); return; }
  busy(out);
  const res = await api("POST", "/v1/pool/lint", {words, game: $("pool-game").value});
  if (!res.ok) { show(out, problemBox(res)); $("pool-csv").disabled = true; return; }
  const r = res.data;
  poolRows = r.words;
  $("pool-csv").disabled = false;
  showPool(out, r);
}

function poolCsv() {
  const lines = [["слово", "правило", "сообщение"]];
  for (const w of poolRows) {
    if (!w.issues.length) lines.push([w.word, "", ""]);
    for (const iss of w.issues) lines.push([w.word, iss.rule, iss.message]);
  }
  // BOM so spreadsheet programs read the Cyrillic as UTF-8.
  downloadBlob("pool-lint.csv", "text/csv;charset=utf-8", "\ufeff" + lines.map((l) => l.map(csvCell).join(",")).join("\r\n") + "\r\n");
}

// --- решения турнира ---------------------------------------------------------------------------
async function loadRulings() {
  const out = $("rulings-result");
  if (!settings.scope) { show(out, el("p", {class: "notice error"}, "Укажите турнир (scope) вверху страницы.")); return; }
  const res = await api("GET", `/v1/rulings?scope=${encodeURIComponent(settings.scope)}`);
  if (!res.ok) { show(out, problemBox(res)); return; }
  const verdictText = (r) => (r.verdict === true ? "да" : r.verdict === false ? "нет" : label(CHGK, r.verdict));
  show(out, res.data.rulings.length ? tableBox("rulings-table",
    el("tr", {}, ["№", "вид", "пара", "решение", "судья", "когда", "примечание", ""].map((h) => el("th", {}, h))),
    res.data.rulings.map((r) => el("tr", {},
      el("td", {}, r.id), el("td", {}, label(RULING_KINDS, r.kind)), el("td", {}, `${r.a} / ${r.b}`), el("td", {}, verdictText(r)),
      el("td", {}, r.judge || ""), el("td", {}, new Date(r.decided_at).toLocaleString("ru-RU")), el("td", {}, r.note),
      el("td", {}, el("button", {type: "button", onclick: async () => {
        const del = await api("DELETE", `/v1/rulings/${r.id}`, undefined, {auth: true});
        if (del.ok) loadRulings(); else show(out, problemBox(del));
      }}, "Удалить"))))) : el("p", {class: "muted"}, `В «${settings.scope}» решений пока нет.`));
}

async function exportRulings() {
  if (!settings.scope) { show($("rulings-result"), el("p", {class: "notice error"}, "Укажите турнир (scope).")); return; }
  const res = await api("GET", `/v1/rulings/export?scope=${encodeURIComponent(settings.scope)}`);
  if (!res.ok) { show($("rulings-result"), problemBox(res)); return; }
  downloadBlob(`rulings-${settings.scope}.json`, "application/json", JSON.stringify(res.data, null, 2));
}

async function importRulings(event) {
  const file = event.target.files[0];
  const out = $("rulings-result");
  if (!file || !settings.scope) { show(out, el("p", {class: "notice error"}, "Укажите турнир (scope) и файл.")); return; }
  let doc;
  try { doc = JSON.parse(await file.text()); } catch { show(out, el("p", {class: "notice error"}, "Файл не JSON.")); return; }
  const res = await api("POST", `/v1/rulings/import?scope=${encodeURIComponent(settings.scope)}`, doc, {auth: true});
  event.target.value = "";
  if (!res.ok) { show(out, problemBox(res)); return; }
  await loadRulings();
  out.prepend(el("p", {class: "notice"}, `Импортировано: ${res.data.imported} (новых ${res.data.created}, заменено ${res.data.updated}).`));
}

document.addEventListener("DOMContentLoaded", async () => {
  restoreSettings();
  await readServer();
  formOnSubmit("cognates-form", checkCognates);
  formOnSubmit("hat-form", checkHat);
  formOnSubmit("codenames-form", checkCodenames);
  formOnSubmit("guess-form", checkGuess);
  formOnSubmit("homophones-form", checkHomophones);
  formOnSubmit("chgk-form", checkChgk);
  formOnSubmit("chgk-batch-form", checkChgkBatch);
  formOnSubmit("mafia-form", checkMafia);
  formOnSubmit("pool-form", lintPool);
  $("pool-csv").addEventListener("click", poolCsv);
  $("rulings-reload").addEventListener("click", loadRulings);
  $("rulings-export").addEventListener("click", exportRulings);
  $("rulings-import").addEventListener("change", importRulings);
  document.body.dataset.ready = "1";   // tests wait for this
});
