#include "app/gui/balance/tune_result_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace wb::app {
namespace {

QString number(double v, bool proportion) {
  if (!std::isfinite(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(v, 'f', proportion ? 3 : 1);
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(align);
  return item;
}

QColor verdictColour(sim::TargetVerdict v) {
  switch (v) {
    case sim::TargetVerdict::Pass: return {214, 245, 214};
    case sim::TargetVerdict::Fail: return {255, 214, 214};
    case sim::TargetVerdict::Undecided: return {255, 244, 214};
  }
  return {};
}

QTableWidget* table(const QStringList& headers, QWidget* parent) {
  auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
  t->setHorizontalHeaderLabels(headers);
  t->verticalHeader()->hide();
  t->verticalHeader()->setDefaultSectionSize(22);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->horizontalHeader()->setStretchLastSection(true);
  return t;
}

}  // namespace

QString tuneValueText(const sim::TargetReading& r, bool proportion) { return number(r.value.value, proportion); }

QString tuneIntervalText(const sim::TargetReading& r, bool proportion) {
  return QStringLiteral("[%1, %2]").arg(number(r.value.ci.lo, proportion), number(r.value.ci.hi, proportion));
}

TuneResultView::TuneResultView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_verdict = new QLabel(this);
  m_verdict->setObjectName(QStringLiteral("tuneVerdict"));
  m_verdict->setWordWrap(true);
  m_verdict->setTextFormat(Qt::RichText);
  layout->addWidget(m_verdict);
  layout->addWidget(new QLabel(tr("<b>Proposed edits</b>"), this));
  m_edits = table({tr("Path"), tr("Old"), tr("New")}, this);
  layout->addWidget(m_edits, 2);
  layout->addWidget(new QLabel(tr("<b>Targets</b> (baseline and proposal on fresh seeds, the verify agents)"), this));
  m_targets = table({tr("Metric"), tr("Band"), tr("Baseline"), tr("Verified"), tr("95% interval"), tr("Verdict")}, this);
  layout->addWidget(m_targets, 3);
  layout->addWidget(new QLabel(tr("<b>Alternatives with fewer edits</b> (on the search's games)"), this));
  m_alternatives = table({tr("Edits"), tr("On the search's games")}, this);
  layout->addWidget(m_alternatives, 2);
  clear();
}

void TuneResultView::clear() {
  m_verdict->setText(tr("No tune yet: state the targets and knobs, then Run."));
  m_edits->setRowCount(0);
  m_targets->setRowCount(0);
  m_alternatives->setRowCount(0);
}

namespace {

// On a fail: each missed target, whether the proposal moves it, and the
// measured steps that would move it towards its band.
QString missedTargetsText(const sim::TuneResult& r) {
  if (r.verdict == sim::TuneVerdict::Pass || r.verdict == sim::TuneVerdict::Interrupted) return {};
  QStringList lines;
  for (const auto& t : r.targets) {
    if (t.verified.verdict == sim::TargetVerdict::Pass) continue;
    const bool p = t.target.metric.isProportion();
    const std::string spec = t.target.metric.spec();
    const double value = t.verified.value.value;
    const double toward = value < t.target.min ? 1.0 : value > t.target.max ? -1.0 : 0.0;
    QString line = QObject::tr("<b>%1</b> is %2 against %3 with the proposal (%4 without it)")
                       .arg(QString::fromStdString(t.target.metric.label()).toHtmlEscaped(), tuneValueText(t.verified, p),
                            QString::fromStdString(t.target.bandText()), tuneValueText(t.baseline, p));
    if (std::abs(t.verified.value.value - t.baseline.value.value) <= std::max(t.verified.value.se, t.baseline.value.se) * 1.96)
      line += QObject::tr(": this proposal does not move it");
    // The screening's single steps that move this target furthest towards its band.
    std::vector<const sim::Sensitivity*> steps;
    for (const auto& sv : r.sensitivity)
      if (sv.metric == spec && toward != 0 && sv.effect.value * toward > 0) steps.push_back(&sv);
    std::sort(steps.begin(), steps.end(), [](const auto* a, const auto* b) { return std::abs(a->effect.value) > std::abs(b->effect.value); });
    QStringList moves;
    for (std::size_t i = 0; i < steps.size() && i < 2; ++i)
      moves << QObject::tr("%1 %2 \u2192 %3 (%4%5)")
                   .arg(QString::fromStdString(steps[i]->path), QString::fromStdString(steps[i]->from),
                        QString::fromStdString(steps[i]->to), steps[i]->effect.value > 0 ? QStringLiteral("+") : QString(),
                        number(steps[i]->effect.value, p));
    if (!moves.isEmpty()) line += QObject::tr("; the steps measured to move it most towards its band: %1").arg(moves.join(QStringLiteral(", ")));
    lines << line + QLatin1Char('.');
  }
  if (lines.isEmpty()) return {};
  return QObject::tr("<br><span style='color:#a00000'>The proposal below is the closest the search found, not a fix:</span> ") +
         lines.join(QStringLiteral(" "));
}

}  // namespace

void TuneResultView::showResult(const sim::TuneResult& r) {
  const bool interrupted = r.verdict == sim::TuneVerdict::Interrupted;
  QString meaning;
  switch (r.verdict) {
    case sim::TuneVerdict::Pass: meaning = tr("every target's interval lies inside its band on fresh seeds"); break;
    case sim::TuneVerdict::Fail:
      meaning = tr("no edit set within these knobs reached every target: the closest one is shown, with what still misses");
      break;
    case sim::TuneVerdict::Undecided: {
      // Undecided with no target to decide: every target passed and the content
      // guard found a number outside its band (more games would not change that).
      QStringList outside;
      for (const auto& g : r.guard)
        if (g.breached)
          outside << tr("%1 %2 (band %3)")
                         .arg(QString::fromStdString(g.target.metric.spec()), number(g.verified.value.value, false),
                              QString::fromStdString(g.target.bandText()));
      if (r.gamesToDecide == UINT64_MAX)
        meaning = tr("a target's value sits on its band's edge");
      else if (r.gamesToDecide > 0)
        meaning = tr("about %L1 verification games would decide it").arg(static_cast<qulonglong>(r.gamesToDecide));
      else if (!outside.isEmpty())
        meaning = tr("every target passes on fresh seeds, but the content guard keeps it from a pass: %1 outside "
                     "the band it keeps (%2)")
                      .arg(outside.size() == 1 ? tr("1 number") : tr("%1 numbers").arg(outside.size()),
                           outside.mid(0, 3).join(QStringLiteral("; ")) +
                               (outside.size() > 3 ? tr("; %1 more").arg(outside.size() - 3) : QString()));
      else
        meaning = tr("no target was decided on the %L1 verification games").arg(static_cast<qulonglong>(r.verifyGames));
      break;
    }
    case sim::TuneVerdict::Interrupted: meaning = tr("cancelled: the best proposal so far, not verified"); break;
  }
  const char* colour = r.verdict == sim::TuneVerdict::Pass ? "#1b7a1b" : r.verdict == sim::TuneVerdict::Fail ? "#a00000" : "#8a6100";
  m_verdict->setText(tr("<span style='font-size:14pt; color:%1'><b>Verdict: %2</b></span> — %3.<br>%L4 search games "
                        "(budget %L5), %L6 verification games; agents: search %7, verify %8; seed %9; %10 knobs; %11 s.")
                         .arg(QLatin1String(colour), QString::fromLatin1(sim::toString(r.verdict)), meaning)
                         .arg(static_cast<qulonglong>(r.searchGames))
                         .arg(static_cast<qulonglong>(r.budget))
                         .arg(static_cast<qulonglong>(r.verifyGames))
                         .arg(QString::fromStdString(r.searchAgents.empty() ? std::string() : r.searchAgents.front()),
                              QString::fromStdString(r.verifyAgents.empty() ? std::string() : r.verifyAgents.front()))
                         .arg(r.seed)
                         .arg(r.knobs.size())
                         .arg(r.elapsedSeconds, 0, 'f', 1));
  m_verdict->setText(m_verdict->text() + missedTargetsText(r));
  // No pass: whether the closest proposal keeps the content guard, and what the guard refused.
  if (!interrupted && r.guardOn && !r.searchPassed && !r.editText.empty()) {
    QString guard = r.guardKept ? tr("It keeps the content guard on the search's games.")
                                : tr("No proposal the search tried keeps the content guard and comes closer than the "
                                     "start: this one breaks it.");
    if (!r.guardRefused.empty()) {
      QStringList refused;
      for (std::size_t i = 0; i < r.guardRefused.size() && i < 3; ++i) {
        QStringList edits;
        for (const auto& e : r.guardRefused[i].text)
          edits << tr("%1 %2 \u2192 %3").arg(QString::fromStdString(e.path), QString::fromStdString(e.from),
                                              QString::fromStdString(e.to));
        QStringList breaks;
        for (const auto& b : r.guardRefused[i].breaks) breaks << QString::fromStdString(b);
        refused << tr("%1 (breaks %2)").arg(edits.join(QStringLiteral(", ")), breaks.mid(0, 3).join(QStringLiteral(", ")));
      }
      guard += tr(" Refused, closer to the targets: %1%2.")
                   .arg(refused.join(QStringLiteral("; ")).toHtmlEscaped(),
                        r.guardRefused.size() > 3 ? tr("; %1 more").arg(r.guardRefused.size() - 3) : QString());
    }
    m_verdict->setText(m_verdict->text() + QStringLiteral("<br>") + guard);
  }
  m_edits->setRowCount(static_cast<int>(r.editText.size()));
  for (int i = 0; i < static_cast<int>(r.editText.size()); ++i) {
    const auto& e = r.editText[static_cast<std::size_t>(i)];
    m_edits->setItem(i, 0, cell(QString::fromStdString(e.path)));
    m_edits->setItem(i, 1, cell(QString::fromStdString(e.from), Qt::AlignCenter));
    m_edits->setItem(i, 2, cell(QString::fromStdString(e.to), Qt::AlignCenter));
  }
  if (r.editText.empty()) {
    m_edits->setRowCount(1);
    m_edits->setItem(0, 0, cell(tr("none: the starting ruleset is the closest")));
  }
  m_targets->setRowCount(static_cast<int>(r.targets.size()));
  for (int i = 0; i < static_cast<int>(r.targets.size()); ++i) {
    const auto& t = r.targets[static_cast<std::size_t>(i)];
    const bool p = t.target.metric.isProportion();
    m_targets->setItem(i, 0, cell(QString::fromStdString(t.target.metric.name())));
    m_targets->setItem(i, 1, cell(QString::fromStdString(t.target.bandText()), Qt::AlignCenter));
    m_targets->setItem(i, 2, cell(tuneValueText(t.baseline, p) + QLatin1Char(' ') + tuneIntervalText(t.baseline, p), Qt::AlignCenter));
    m_targets->setItem(i, 3, cell(tuneValueText(t.verified, p), Qt::AlignCenter));
    m_targets->setItem(i, 4, cell(tuneIntervalText(t.verified, p), Qt::AlignCenter));
    QString verdict = interrupted ? tr("not verified") : QString::fromLatin1(sim::toString(t.verified.verdict));
    if (!interrupted && t.verified.miss > 0) verdict += tr(" (misses by %1)").arg(number(t.verified.miss, p));
    auto* v = cell(verdict, Qt::AlignCenter);
    if (!interrupted) v->setBackground(verdictColour(t.verified.verdict));
    m_targets->setItem(i, 5, v);
  }
  m_alternatives->setRowCount(static_cast<int>(r.alternatives.size()));
  for (int i = 0; i < static_cast<int>(r.alternatives.size()); ++i) {
    const auto& a = r.alternatives[static_cast<std::size_t>(i)];
    QStringList edits;
    for (const auto& e : a.text) edits << QStringLiteral("%1: %2 \u2192 %3").arg(QString::fromStdString(e.path), QString::fromStdString(e.from), QString::fromStdString(e.to));
    QStringList misses;
    for (std::size_t t = 0; t < a.targets.size() && t < r.targets.size(); ++t) {
      if (a.targets[t].verdict == sim::TargetVerdict::Pass) continue;
      const bool p = r.targets[t].target.metric.isProportion();
      misses << (a.targets[t].miss > 0 ? tr("%1 %2 (by %3)").arg(QString::fromStdString(r.targets[t].target.metric.name()),
                                                                    number(a.targets[t].value.value, p), number(a.targets[t].miss, p))
                                       : tr("%1 %2 (interval crosses the band)").arg(QString::fromStdString(r.targets[t].target.metric.name()),
                                                                                      number(a.targets[t].value.value, p)));
    }
    m_alternatives->setItem(i, 0, cell(edits.isEmpty() ? tr("no edits") : edits.join(QStringLiteral(", "))));
    m_alternatives->setItem(i, 1, cell(a.passes ? tr("passes") : tr("misses ") + misses.join(QStringLiteral("; "))));
  }
}

}  // namespace wb::app
