#include "app/gui/specialties/specialties_panel.h"

#include <QColor>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMetaObject>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableWidget>
#include <QScrollBar>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/results_file.h"
#include "app/gui/results/revision_note.h"
#include "app/gui/specialties/specialties_json.h"
#include "app/report/report_data.h"
#include "model/diff/ruleset_diff.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

namespace {

const QString kResultsKey = QStringLiteral("specialties");

QString percent(double v) { return QString::number(100.0 * v, 'f', 1) + QLatin1Char('%'); }

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignCenter) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(align);
  return item;
}

// White at an even score, green above, red below (as the Ladder tab's).
QColor heat(double score) {
  const double d = std::clamp((score - 0.5) * 2.0, -1.0, 1.0);
  const int fade = static_cast<int>(255 - 120 * std::abs(d));
  return d >= 0 ? QColor(fade, 255 - static_cast<int>(60 * d), fade) : QColor(255 - static_cast<int>(40 * -d), fade, fade);
}

// A horizontal header that draws its labels rotated a quarter turn, so a
// column is as narrow as its cells whatever the length of the faction's name.
class RotatedHeader : public QHeaderView {
 public:
  explicit RotatedHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent) {}

 protected:
  void paintSection(QPainter* painter, const QRect& rect, int index) const override {
    if (!rect.isValid()) return;
    QStyleOptionHeader opt;
    initStyleOption(&opt);
    opt.rect = rect;
    opt.section = index;
    opt.text.clear();
    style()->drawControl(QStyle::CE_Header, &opt, painter, this);
    const QString text = model()->headerData(index, orientation(), Qt::DisplayRole).toString();
    const QFontMetrics fm(font());
    painter->save();
    painter->setClipRect(rect);
    painter->translate(rect.center().x() + (fm.ascent() - fm.descent()) / 2, rect.bottom() - 5);
    painter->rotate(-90);
    painter->drawText(0, 0, text);
    painter->restore();
  }
  QSize sectionSizeFromContents(int index) const override {
    const QString text = model()->headerData(index, orientation(), Qt::DisplayRole).toString();
    const QFontMetrics fm(font());
    return {fm.height() + 8, fm.horizontalAdvance(text) + 12};
  }
};

}  // namespace

SpecialtiesPanel::SpecialtiesPanel(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Agents"), this));
  m_agents = new QLineEdit(this);
  m_agents->setToolTip(tr("One agent spec for both seats, or two (one per seat), comma separated; empty: the "
                          "engine's default agent, as on the Simulation tab."));
  bar->addWidget(m_agents, 1);
  bar->addWidget(new QLabel(tr("games per faction"), this));
  m_games = new QSpinBox(this);
  m_games->setRange(2, 100000000);
  m_games->setValue(200);
  m_games->setGroupSeparatorShown(true);
  m_games->setToolTip(tr("Games of each faction against the baseline (seats alternate)."));
  bar->addWidget(m_games);
  bar->addWidget(new QLabel(tr("round robin per pair"), this));
  m_matrixGames = new QSpinBox(this);
  m_matrixGames->setRange(0, 100000000);
  m_matrixGames->setValue(20);
  m_matrixGames->setGroupSeparatorShown(true);
  m_matrixGames->setToolTip(tr("Games per pair of factions in the round robin (0: no matrix)."));
  bar->addWidget(m_matrixGames);
  bar->addWidget(new QLabel(tr("baseline"), this));
  m_baseline = new QComboBox(this);
  m_baseline->setToolTip(tr("The reference faction every other faction plays first."));
  bar->addWidget(m_baseline);
  bar->addWidget(new QLabel(tr("seed"), this));
  m_seed = new QSpinBox(this);
  m_seed->setRange(0, 2147483647);
  m_seed->setValue(1);
  bar->addWidget(m_seed);
  m_run = new QPushButton(tr("Run specialties"), this);
  bar->addWidget(m_run);
  outer->addLayout(bar);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  m_progress->setTextVisible(false);
  m_progress->setMaximumHeight(8);
  outer->addWidget(m_progress);
  m_status = new QLabel(tr("Each faction plays the baseline faction (seats alternate), then every pair of factions "
                           "meets in a round robin: which specialties are stronger, and against whom. The same "
                           "numbers as <tt>balance specialties</tt>."),
                        this);
  m_status->setWordWrap(true);
  outer->addWidget(m_status);
  m_revision = newRevisionLabel(this);
  outer->addWidget(m_revision);

  auto* split = new QSplitter(Qt::Horizontal, this);
  auto* left = new QWidget(split);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  auto* leftTitle = new QLabel(tr("<b>Against the baseline</b>, strongest first: the faction's win rate (a draw "
                                  "counts half) with its 95% interval; <i>stronger</i> / <i>weaker</i> when the "
                                  "interval excludes 50%."),
                               left);
  leftTitle->setWordWrap(true);
  leftLayout->addWidget(leftTitle);
  // (The games per faction are in the status line and in each win rate's tooltip.)
  m_table = new QTableWidget(0, 7, left);
  m_table->setHorizontalHeaderLabels({tr("Faction"), tr("Win rate"), tr("95% interval"), tr("Verdict"), tr("Adjud."),
                                      tr("Powers"), tr("Turns")});
  m_table->horizontalHeaderItem(4)->setToolTip(tr("Adjudicated: share of the games the engine ended by its own cap or rule."));
  m_table->horizontalHeaderItem(5)->setToolTip(tr("The faction's uses of its power per game (its \"power_*\" counters)."));
  m_table->horizontalHeaderItem(6)->setToolTip(tr("Turns per game."));
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  leftLayout->addWidget(m_table, 1);
  auto* right = new QWidget(split);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  auto* rightTitle = new QLabel(tr("<b>Round robin</b>: the row faction's score (%) against the column faction, best "
                                   "first; green: the row wins more, red: less. Hover a cell for its interval and "
                                   "games."),
                                right);
  rightTitle->setWordWrap(true);
  rightLayout->addWidget(rightTitle);
  m_matrix = new QTableWidget(0, 0, right);
  m_matrix->setHorizontalHeader(new RotatedHeader(m_matrix));
  m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  m_matrix->horizontalHeader()->setMinimumSectionSize(10);
  m_matrix->setWordWrap(false);
  m_matrix->setTextElideMode(Qt::ElideNone);
  rightLayout->addWidget(m_matrix, 1);
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  outer->addWidget(split, 1);

  connect(m_run, &QPushButton::clicked, this, [this] {
    if (isRunning()) cancel();
    else if (!run()) m_status->setText(m_error);
  });
  connect(document, &RulesetDocument::changed, this, [this] {
    updateRevisionNote();
    updateBaselines();
  });
  connect(document, &RulesetDocument::reset, this, [this] {
    cancel();
    if (m_worker.joinable()) m_worker.join();
    clear();
    updateBaselines();
    reopenKeptResult();
  });
  updateBaselines();
}

SpecialtiesPanel::~SpecialtiesPanel() {
  cancel();
  if (m_worker.joinable()) m_worker.join();
}

void SpecialtiesPanel::setAgents(const QString& commaSeparated) { m_agents->setText(commaSeparated); }
void SpecialtiesPanel::setGames(int gamesPerFaction) { m_games->setValue(gamesPerFaction); }
void SpecialtiesPanel::setMatrixGames(int gamesPerPair) { m_matrixGames->setValue(gamesPerPair); }
void SpecialtiesPanel::setSeed(int seed) { m_seed->setValue(seed); }

void SpecialtiesPanel::setResultsKept(bool kept) {
  m_keepResults = kept;
  if (kept && !m_result && !isRunning()) reopenKeptResult();
}

void SpecialtiesPanel::cancel() { m_cancel.store(true); }

void SpecialtiesPanel::updateBaselines() {
  m_agents->setPlaceholderText(
      tr("the engine's default: %1").arg(QString::fromStdString(rulesets::defaultAgent(m_document->ruleset().engine, 2))));
  // The factions of the open ruleset, the choice kept when it still exists.
  const QString current = m_baseline->currentData().toString();
  QStringList ids, names;
  for (const model::Entity& f : m_document->ruleset().entities(model::Section::Factions)) {
    ids << QString::fromStdString(f.id);
    names << QString::fromStdString(f.name.empty() ? f.id : f.name);
  }
  bool same = ids.size() == m_baseline->count();
  for (int i = 0; same && i < ids.size(); ++i) same = m_baseline->itemData(i).toString() == ids[i];
  if (same) return;
  m_baseline->clear();
  for (int i = 0; i < ids.size(); ++i) m_baseline->addItem(names[i], ids[i]);
  const int keep = m_baseline->findData(current);
  m_baseline->setCurrentIndex(keep >= 0 ? keep : 0);
}

bool SpecialtiesPanel::run() {
  if (isRunning()) return false;
  if (m_document->errorCount() > 0) {
    m_error = tr("The ruleset has errors: fix them (see Diagnostics) first.");
    return false;
  }
  const model::Ruleset snapshot = m_document->ruleset();
  model::Diagnostics diags;
  auto game = std::shared_ptr<sim::Game>(rulesets::builtinEngines().compile(snapshot, diags));
  if (!game) {
    m_error = tr("The ruleset does not compile: %1").arg(QString::fromStdString(diags.format()));
    return false;
  }
  const std::vector<std::string> factions = game->factions();
  if (factions.size() < 2) {
    m_error = tr("This game has no factions to compare (are specialties enabled?).");
    return false;
  }
  sim::SpecialtiesConfig config;
  for (const QString& a : m_agents->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
    config.agents.push_back(a.trimmed().toStdString());
  if (config.agents.empty()) config.agents = {rulesets::defaultAgent(snapshot.engine, 2)};  // 2-player games
  if (config.agents.size() > 2) {
    m_error = tr("Agents: one for both seats, or one per seat (2).");
    return false;
  }
  config.games = static_cast<std::uint64_t>(m_games->value());
  config.matrixGames = static_cast<std::uint64_t>(m_matrixGames->value());
  config.seed = static_cast<std::uint64_t>(m_seed->value());
  config.threads = std::max(1, QThread::idealThreadCount());
  const auto baseline = std::find(factions.begin(), factions.end(), m_baseline->currentData().toString().toStdString());
  config.baseline = baseline == factions.end() ? 0 : static_cast<int>(baseline - factions.begin());
  std::vector<std::string> names;
  for (const std::string& id : factions) {
    const model::Entity* e = snapshot.entity(model::Section::Factions, id);
    names.push_back(e && !e->name.empty() ? e->name : id);
  }
  if (m_worker.joinable()) m_worker.join();
  m_cancel.store(false);
  m_running.store(true);
  m_run->setText(tr("Cancel"));
  m_progress->setValue(0);
  m_status->setText(tr("Playing %1 factions against %2...").arg(factions.size() - 1).arg(QString::fromStdString(names[static_cast<std::size_t>(config.baseline)])));
  const int generation = m_generation;
  m_worker = std::thread([this, game, config, snapshot, names, generation] {
    auto progress = [this](const sim::SpecialtiesProgress& p) {
      const QString text = p.stage == 0 ? tr("Against the baseline: %L1 / %L2 games").arg(p.gamesDone).arg(p.gamesTotal)
                                        : tr("Round robin: %L1 / %L2 games").arg(p.gamesDone).arg(p.gamesTotal);
      const int value = p.gamesTotal ? static_cast<int>(1000.0 * static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)) : 0;
      QMetaObject::invokeMethod(this, [this, text, value] {
        if (!isRunning()) return;
        m_status->setText(text);
        m_progress->setValue(value);
      }, Qt::QueuedConnection);
    };
    sim::SpecialtiesResult result = sim::runSpecialties(*game, config, m_cancel, progress);
    QMetaObject::invokeMethod(this, [this, result = std::move(result), snapshot, names, generation] {
      m_running.store(false);
      m_run->setText(tr("Run specialties"));
      if (generation != m_generation) return;  // another ruleset was opened meanwhile
      if (!result.ok()) {
        m_error = QString::fromStdString(result.error);
        m_status->setText(m_error);
      } else {
        m_result = result;
        m_names = names;
        m_resultRuleset = snapshot;
        m_otherRevision = false;
        m_resultHash = contentHash(snapshot);
        m_savedAt.clear();
        m_progress->setValue(1000);
        showResult();
        if (!result.cancelled) keepResult();
      }
      Q_EMIT finished();
    }, Qt::QueuedConnection);
  });
  return true;
}

void SpecialtiesPanel::clear() {
  ++m_generation;
  m_result.reset();
  m_names.clear();
  m_resultRuleset = model::Ruleset{};
  m_otherRevision = false;
  m_resultHash.clear();
  m_table->setRowCount(0);
  m_matrix->setRowCount(0);
  m_matrix->setColumnCount(0);
  m_progress->setValue(0);
  m_status->setText(tr("No results yet: press <b>Run specialties</b>."));
  updateRevisionNote();
}

int SpecialtiesPanel::editsSinceResult() const {
  if (!m_result || m_otherRevision) return 0;
  return static_cast<int>(model::diffRulesets(m_resultRuleset, m_document->ruleset()).size());
}

QString SpecialtiesPanel::revisionNote() const {
  if (!m_result) return {};
  if (m_otherRevision) return otherRevisionNote(m_resultHash, m_document->ruleset(), m_savedAt);
  const EditsSince e = editsSince(m_resultRuleset, m_document->ruleset());
  if (e.count == 0) return {};
  return tr("%1: these numbers do not include %2. Run again to see the effect.")
      .arg(e.text, e.count == 1 ? tr("it") : tr("them"));
}

void SpecialtiesPanel::updateRevisionNote() {
  const QString note = revisionNote();
  m_revision->setText(note);
  m_revision->setVisible(!note.isEmpty());
}

void SpecialtiesPanel::keepResult() {
  if (!m_keepResults || !m_result || m_result->cancelled || m_document->filePath().isEmpty()) return;
  StoredSpecialties stored;
  stored.contentHash = m_resultHash;
  stored.names = m_names;
  stored.result = *m_result;
  QString why, note;
  // Said under the results too: what is not kept is gone at the next start.
  if (!ResultsFile::saveSection(m_document->filePath(), kResultsKey, specialtiesToJson(stored), &why, &note)) {
    const QString text = tr("The specialties were NOT kept beside the ruleset (they will not reopen): %1.").arg(why);
    m_status->setText(m_status->text() + QLatin1Char(' ') + text);
    Q_EMIT message(text);
  } else if (!note.isEmpty()) {
    m_status->setText(m_status->text() + QLatin1Char(' ') + note + QLatin1Char('.'));
  }
}

void SpecialtiesPanel::reopenKeptResult() {
  if (!m_keepResults || m_document->filePath().isEmpty()) return;
  QString why;
  const auto object = ResultsFile::loadSection(m_document->filePath(), kResultsKey, &why);
  if (!object) {
    if (!why.isEmpty()) Q_EMIT message(tr("Kept specialties not reopened: %1").arg(why));
    return;
  }
  auto stored = specialtiesFromJson(*object);
  if (!stored) {
    Q_EMIT message(tr("Kept specialties not reopened: %1 holds a form this version does not read.")
                       .arg(QFileInfo(ResultsFile::pathFor(m_document->filePath())).fileName()));
    return;
  }
  m_result = stored->result;
  m_names = stored->names;
  m_resultHash = stored->contentHash;
  m_savedAt = stored->savedAt;
  m_otherRevision = m_resultHash != contentHash(m_document->ruleset());
  m_resultRuleset = m_otherRevision ? model::Ruleset{} : m_document->ruleset();
  m_progress->setValue(1000);
  showResult();
  m_status->setText(tr("Reopened from %1 (played %2). ").arg(QFileInfo(ResultsFile::pathFor(m_document->filePath())).fileName(), m_savedAt) + m_status->text());
  updateRevisionNote();
}

void SpecialtiesPanel::showResult() {
  const sim::SpecialtiesResult& r = *m_result;
  const auto name = [&](int i) { return QString::fromStdString(m_names[static_cast<std::size_t>(i)]); };
  QString agents;
  for (const auto& a : r.config.agents) agents += (agents.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(a);
  m_status->setText(tr("%1 factions against %2, %L3 games each; round robin %L4 games per pair; agents %5, seed %6; "
                       "%L7 games in %8 s%9.")
                        .arg(r.vsBaseline.size())
                        .arg(name(r.config.baseline))
                        .arg(r.config.games)
                        .arg(r.config.matrixGames)
                        .arg(agents)
                        .arg(r.config.seed)
                        .arg(r.gamesPlayed())
                        .arg(r.elapsedSeconds, 0, 'f', 1)
                        .arg(r.cancelled ? tr(" [cancelled: partial]") : QString()));
  m_table->setRowCount(0);
  for (const sim::SpecialtyPairing& p : r.vsBaseline) {
    const sim::SpecialtyTally& t = p.tally;
    if (t.games == 0) continue;  // cancelled before it was played
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    const sim::Interval ci = t.interval();
    const QString verdict = ci.lo > 0.5 ? tr("stronger") : ci.hi < 0.5 ? tr("weaker") : tr("fair");
    auto* faction = cell(name(p.a), Qt::AlignLeft | Qt::AlignVCenter);
    faction->setToolTip(QString::fromStdString(r.factions[static_cast<std::size_t>(p.a)]));
    m_table->setItem(row, 0, faction);
    auto* rate = cell(percent(t.rate()));
    rate->setBackground(heat(t.rate()));
    rate->setToolTip(tr("%1 against %2: %3 over %L4 games (a draw counts half)")
                         .arg(name(p.a), name(p.b), percent(t.rate()))
                         .arg(static_cast<qulonglong>(t.games)));
    m_table->setItem(row, 1, rate);
    m_table->setItem(row, 2, cell(QStringLiteral("[%1, %2]").arg(percent(ci.lo), percent(ci.hi))));
    m_table->setItem(row, 3, cell(verdict));
    const double g = static_cast<double>(t.games);
    m_table->setItem(row, 4, cell(percent(static_cast<double>(t.adjudicated) / g)));
    auto* powers = cell(r.powersCounted ? QString::number(t.powerUses / g, 'f', 2) : QStringLiteral("\u2014"));
    if (!r.powersCounted)
      powers->setToolTip(tr("This game counts no power uses: it has no \"power_*\" counters (a described game counts "
                            "one per player named power_...)."));
    m_table->setItem(row, 5, powers);
    m_table->setItem(row, 6, cell(QString::number(t.turns / g, 'f', 0)));
  }
  // The heat map, best round-robin score first.
  const std::vector<int> order = r.roundRobin.empty() ? std::vector<int>{} : r.roundRobinOrder();
  const int n = static_cast<int>(order.size());
  m_matrix->setRowCount(n);
  m_matrix->setColumnCount(n);
  for (int i = 0; i < n; ++i) {
    const int f = order[static_cast<std::size_t>(i)];
    const sim::SpecialtyTally total = r.roundRobinOf(f);
    const QString tip = tr("%1 (%2): %3 of its round-robin games (%L4)")
                            .arg(name(f), QString::fromStdString(r.factions[static_cast<std::size_t>(f)]),
                                 percent(total.rate()))
                            .arg(total.games);
    auto* column = new QTableWidgetItem(name(f));
    column->setToolTip(tip);
    m_matrix->setHorizontalHeaderItem(i, column);
    auto* row = new QTableWidgetItem(name(f));
    row->setToolTip(tip);
    m_matrix->setVerticalHeaderItem(i, row);
  }
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      const int a = order[static_cast<std::size_t>(row)], b = order[static_cast<std::size_t>(col)];
      if (a == b) {
        m_matrix->setItem(row, col, cell(QStringLiteral("\u2014")));
        continue;
      }
      const double score = r.matrixScore(a, b);
      const sim::SpecialtyPairing* p = r.roundRobinPairing(a, b);
      if (score < 0 || !p) {
        m_matrix->setItem(row, col, cell(QString()));
        continue;
      }
      const sim::Interval ci = p->tally.interval();
      const bool asA = p->a == a;
      const double lo = asA ? ci.lo : 1.0 - ci.hi, hi = asA ? ci.hi : 1.0 - ci.lo;
      auto* item = cell(QString::number(std::lround(100.0 * score)));
      item->setBackground(heat(score));
      item->setToolTip(tr("%1 against %2: %3 [%4, %5] over %L6 games")
                           .arg(name(a), name(b), percent(score), percent(lo), percent(hi))
                           .arg(static_cast<qulonglong>(p->tally.games)));
      m_matrix->setItem(row, col, item);
    }
  const QFontMetrics fm(m_matrix->font());
  const int width = fm.horizontalAdvance(QStringLiteral("100")) + 8;
  for (int c = 0; c < n; ++c) m_matrix->setColumnWidth(c, width);
  m_matrix->resizeRowsToContents();
  // The table as wide as its columns: the heat map takes the rest.
  m_table->resizeColumnsToContents();
  m_table->setFixedWidth(m_table->horizontalHeader()->length() + 2 * m_table->frameWidth() +
                         m_table->verticalScrollBar()->sizeHint().width());
  updateRevisionNote();
}

QString SpecialtiesPanel::statusText() const { return m_status->text(); }

}  // namespace wb::app
