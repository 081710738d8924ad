#include "app/gui/assumptions/assumption_marks.h"

#include <QColor>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

#include "app/gui/assumptions/assumptions_job.h"
#include "app/gui/document/ruleset_document.h"
#include "app/report/report_data.h"
#include "app/report/text_format.h"
#include "simulation/assumptions/assumed_values.h"

namespace wb::app {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// "51.0% -> 79.0% (+28.0 points [+21.5, +34.1])" or "8.86 -> 1.44 turns (-7.4 [-7.9, -7.0])".
QString changeText(const sim::AssumptionChange& c) {
  if (c.isRate)
    return QStringLiteral("%1% -> %2% (%3 points %4)")
        .arg(qs(percentText(c.shipped)), qs(percentText(c.alternative)), qs(signedPointsText(c.delta)),
             qs(signedIntervalText(c.ci)));
  return QStringLiteral("%1 -> %2 turns (%3%4 %5)")
      .arg(qs(numberText(c.shipped)), qs(numberText(c.alternative)), c.delta >= 0 ? QStringLiteral("+") : QString(),
           qs(numberText(c.delta, 1)),
           QStringLiteral("[%1, %2]").arg(qs(numberText(c.ci.lo, 1)), qs(numberText(c.ci.hi, 1))));
}

const sim::AssumptionChange* changeOf(const sim::AlternativeResult& alt, const std::string& key) {
  for (const auto& c : alt.changes)
    if (c.key == key) return &c;
  return nullptr;
}

}  // namespace

QString AssumptionMark::stateName() const {
  switch (state) {
    case State::Unmeasured: return QStringLiteral("unmeasured");
    case State::Changes: return QStringLiteral("changes");
    case State::NoChange: return QStringLiteral("no-change");
    case State::Unplayable: return QStringLiteral("unplayable");
    case State::Stale: return QStringLiteral("stale");
  }
  return {};
}

AssumptionMarks* AssumptionMarks::of(RulesetDocument* document) {
  if (auto* marks = document->findChild<AssumptionMarks*>(QString(), Qt::FindDirectChildrenOnly)) return marks;
  return new AssumptionMarks(document);
}

AssumptionMarks::AssumptionMarks(RulesetDocument* document) : QObject(document), m_document(document) {
  connect(document, &RulesetDocument::changed, this, &AssumptionMarks::invalidate);
  connect(document, &RulesetDocument::reset, this, [this] {
    // Another ruleset (or the file again): the measurement was of another one
    // unless the content is the same (resultIsCurrent compares the hashes).
    if (m_job) {
      m_job->cancel();
      m_job.reset();
      Q_EMIT finished();
    }
    invalidate();
  });
}

AssumptionMarks::~AssumptionMarks() = default;

void AssumptionMarks::invalidate() {
  m_dirty = true;
  Q_EMIT changed();
}

bool AssumptionMarks::resultIsCurrent() const {
  if (!m_result) return false;
  rebuild();
  return m_resultHash == m_currentHash;
}

void AssumptionMarks::rebuild() const {
  if (!m_dirty) return;
  m_dirty = false;
  m_marks.clear();
  const model::Ruleset& ruleset = m_document->ruleset();
  m_currentHash = contentHash(ruleset);
  const bool current = m_result && m_resultHash == m_currentHash;
  const bool stale = m_result && !current;
  QString measuredOn;
  if (m_result) {
    const auto& cfg = m_result->shipped.config;
    measuredOn = QObject::tr("%L1 games each, seed %2, agents %3")
                     .arg(cfg.games)
                     .arg(cfg.seed)
                     .arg(qs(agentsText(cfg.agents)));
  }
  for (const sim::AssumedValue& v : sim::assumedValues(ruleset)) {
    AssumptionMark m;
    m.path = qs(v.path);
    m.note = qs(v.note);
    QStringList alts;
    for (const auto& a : v.alternatives) alts << qs(a);
    m.alternatives = alts.join(QStringLiteral(", "));
    QString tip = QObject::tr("Assumed (no public source): %1").arg(m.note);
    if (!v.playable()) {
      m.state = AssumptionMark::State::Unplayable;
      m.sensitivity = QObject::tr("not measurable: %1").arg(qs(v.noAlternative));
      tip += QStringLiteral("\n") + QObject::tr("No alternative to play: %1").arg(qs(v.noAlternative));
    } else if (stale) {
      m.state = AssumptionMark::State::Stale;
      m.sensitivity = QObject::tr("measured on another revision: measure again");
      tip += QStringLiteral("\n") + QObject::tr("Alternatives (%1): %2").arg(qs(v.source), m.alternatives) +
             QStringLiteral("\n") +
             QObject::tr("The last measurement was played before the latest edits; press Measure assumptions again.");
    } else if (!current) {
      m.state = AssumptionMark::State::Unmeasured;
      m.sensitivity = QObject::tr("not measured yet");
      tip += QStringLiteral("\n") + QObject::tr("Alternatives (%1): %2").arg(qs(v.source), m.alternatives) +
             QStringLiteral("\n") + QObject::tr("Press Measure assumptions to play them against the shipped value.");
    } else {
      const auto it = std::find_if(m_result->assumptions.begin(), m_result->assumptions.end(),
                                   [&](const sim::AssumptionResult& a) { return a.value.path == v.path; });
      tip += QStringLiteral("\n") + QObject::tr("Alternatives (%1): %2").arg(qs(v.source), m.alternatives);
      if (it == m_result->assumptions.end()) {
        m.state = AssumptionMark::State::Unmeasured;
        m.sensitivity = QObject::tr("not measured yet");
      } else {
        const sim::AssumptionResult& a = *it;
        if (a.changesAConclusion()) {
          m.state = AssumptionMark::State::Changes;
          const auto alt = std::find_if(a.alternatives.begin(), a.alternatives.end(),
                                        [&](const sim::AlternativeResult& r) { return r.value == a.largestValue; });
          const sim::AssumptionChange* c = alt != a.alternatives.end() ? changeOf(*alt, a.largestKey) : nullptr;
          m.sensitivity = c ? QObject::tr("changes %1 with %2: %3").arg(qs(c->label), qs(a.largestValue), changeText(*c))
                            : QObject::tr("changes a conclusion with %1").arg(qs(a.largestValue));
        } else {
          m.state = AssumptionMark::State::NoChange;
          double firstSide = 0, turns = 0;
          for (const auto& alt : a.alternatives)
            for (const auto& c : alt.changes) {
              if (c.key == "first_side") firstSide = std::max(firstSide, c.detectable);
              if (c.key == "turns") turns = std::max(turns, c.detectable);
            }
          m.sensitivity = QObject::tr("no detectable change (these games detect about \u00b1%1 points of the first "
                                      "side's share, \u00b1%2 turns)")
                              .arg(qs(percentText(firstSide)), qs(numberText(turns, 1)));
        }
        tip += QStringLiteral("\n") + QObject::tr("Measured (%1): %2").arg(measuredOn, m.sensitivity);
        for (const auto& alt : a.alternatives) {
          if (!alt.error.empty()) {
            tip += QStringLiteral("\n  = %1: could not be played: %2").arg(qs(alt.value), qs(alt.error));
            continue;
          }
          if (const sim::AssumptionChange* c = changeOf(alt, "first_side"))
            tip += QStringLiteral("\n  = %1: first side %2%3").arg(qs(alt.value), changeText(*c),
                                                                 c->significant ? QStringLiteral(" *") : QString());
          if (const sim::AssumptionChange* c = changeOf(alt, "turns"))
            tip += QStringLiteral("; length %1%2").arg(changeText(*c), c->significant ? QStringLiteral(" *") : QString());
          for (const auto& f : alt.findings) tip += QStringLiteral("\n    ") + qs(f);
        }
        tip += QStringLiteral("\n") + QObject::tr("(* = significant after Holm's correction over %1 tests)").arg(m_result->tests);
      }
    }
    if (v.where.known()) tip += QStringLiteral("\n") + qs(v.where.toString());
    m.tooltip = tip;
    m_marks.insert(m.path, m);
  }
}

std::optional<AssumptionMark> AssumptionMarks::mark(const QString& path) const {
  rebuild();
  const auto it = m_marks.constFind(path);
  if (it == m_marks.constEnd()) return std::nullopt;
  return *it;
}

int AssumptionMarks::markCount() const {
  rebuild();
  return static_cast<int>(m_marks.size());
}

QIcon AssumptionMarks::icon(AssumptionMark::State state) {
  // Images, not pixmaps, are cached: a static QPixmap would outlive the application.
  static QHash<int, QImage> cache;
  const int key = static_cast<int>(state);
  auto it = cache.constFind(key);
  if (it == cache.constEnd()) {
    QColor fill;
    switch (state) {
      case AssumptionMark::State::Changes: fill = QColor(0xe6, 0x7e, 0x22); break;
      case AssumptionMark::State::NoChange: fill = QColor(0x2e, 0x9e, 0x5b); break;
      case AssumptionMark::State::Unmeasured: fill = QColor(0x7f, 0x8c, 0x9d); break;
      case AssumptionMark::State::Stale: fill = QColor(0xb0, 0xb6, 0xbe); break;
      case AssumptionMark::State::Unplayable: fill = Qt::white; break;
    }
    QImage image(16, 16, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor edge = state == AssumptionMark::State::Unplayable ? QColor(0x7f, 0x8c, 0x9d) : fill.darker(130);
    p.setPen(QPen(edge, 1.2));
    p.setBrush(fill);
    p.drawEllipse(QRectF(1, 1, 14, 14));
    QFont f;
    f.setPixelSize(10);
    f.setBold(true);
    p.setFont(f);
    p.setPen(state == AssumptionMark::State::Unplayable ? edge : QColor(Qt::white));
    p.drawText(QRectF(0, 0, 16, 16), Qt::AlignCenter, QStringLiteral("A"));
    p.end();
    it = cache.insert(key, image);
  }
  return QIcon(QPixmap::fromImage(*it));
}

QColor AssumptionMarks::tint(AssumptionMark::State state) {
  switch (state) {
    case AssumptionMark::State::Changes: return QColor(0xfd, 0xeb, 0xd3);
    case AssumptionMark::State::NoChange: return QColor(0xe3, 0xf4, 0xe8);
    default: return QColor(0xee, 0xf1, 0xf6);
  }
}

bool AssumptionMarks::measure(const sim::RunConfig& config, QString* why) {
  auto refuse = [&](const QString& text) {
    if (why) *why = text;
    return false;
  };
  if (isRunning()) return refuse(tr("A measurement is already running."));
  if (m_document->errorCount() > 0) return refuse(tr("Fix the ruleset's errors first (see Diagnostics)."));
  if (markCount() == 0) return refuse(tr("Nothing in this ruleset is marked assumed."));
  m_job = std::make_unique<AssumptionsJob>(m_document->ruleset(), config);
  connect(m_job.get(), &AssumptionsJob::progressed, this, &AssumptionMarks::progressed);
  connect(m_job.get(), &AssumptionsJob::finished, this, &AssumptionMarks::onJobFinished);
  m_job->start();
  Q_EMIT started();
  return true;
}

void AssumptionMarks::cancel() {
  if (m_job) m_job->cancel();
}

bool AssumptionMarks::isRunning() const { return m_job && m_job->isRunning(); }

sim::AssumptionsProgress AssumptionMarks::progress() const { return m_job ? m_job->progress() : sim::AssumptionsProgress{}; }

void AssumptionMarks::onJobFinished() {
  if (!m_job) return;
  sim::AssumptionsResult r = m_job->result();
  const model::Ruleset snapshot = m_job->snapshot();
  m_job.reset();
  if (!r.ok()) {
    Q_EMIT message(tr("The assumptions were not measured: %1").arg(qs(r.error).trimmed()));
  } else if (r.cancelled) {
    Q_EMIT message(tr("Measuring the assumptions was cancelled; the marks keep the previous measurement."));
  } else {
    setResult(snapshot, std::move(r));
    Q_EMIT message(summary());
  }
  Q_EMIT finished();
}

void AssumptionMarks::setResult(const model::Ruleset& played, sim::AssumptionsResult result) {
  m_result = std::move(result);
  m_resultHash = contentHash(played);
  invalidate();
  Q_EMIT measured();
}

void AssumptionMarks::clearResult() {
  m_result.reset();
  m_resultHash.clear();
  invalidate();
  Q_EMIT measured();
}

QString AssumptionMarks::summary() const {
  if (!m_result) return tr("%n value(s) marked assumed; not measured yet.", nullptr, markCount());
  if (!resultIsCurrent()) return tr("The last measurement is of another revision: measure again.");
  QStringList changing;
  std::size_t playable = 0;
  for (std::size_t i : m_result->ranking) {
    const auto& a = m_result->assumptions[i];
    ++playable;
    if (a.changesAConclusion()) changing << qs(a.value.path.substr(a.value.path.rfind('.') + 1));
  }
  const QString games = tr("%L1 games each").arg(m_result->shipped.config.games);
  if (changing.isEmpty())
    return tr("Measured (%1): none of the %2 playable assumed values changes a conclusion detectably.").arg(games).arg(playable);
  return tr("Measured (%1): %2 of %3 playable assumed values change a conclusion: %4.")
      .arg(games)
      .arg(changing.size())
      .arg(playable)
      .arg(changing.join(QStringLiteral(", ")));
}

}  // namespace wb::app
