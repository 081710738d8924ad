#include "app/gui/ladder/ladder_panel.h"

#include <QColor>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMetaObject>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/revision_note.h"
#include "model/diff/ruleset_diff.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

namespace {

QString percent(double v) { return QString::number(100.0 * v, 'f', 1) + QLatin1Char('%'); }

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(Qt::AlignCenter);
  return item;
}

// White at an even score, green above, red below.
QColor heat(double score) {
  const double d = std::clamp((score - 0.5) * 2.0, -1.0, 1.0);
  const int fade = static_cast<int>(255 - 120 * std::abs(d));
  return d >= 0 ? QColor(fade, 255 - static_cast<int>(60 * d), fade) : QColor(255 - static_cast<int>(40 * -d), fade, fade);
}

}  // namespace

LadderPanel::LadderPanel(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Agents (rungs)"), this));
  m_agents = new QLineEdit(QStringLiteral("random,greedy,planner"), this);
  m_agents->setToolTip(tr("Two or more agent specs, comma separated, e.g. random,greedy,planner,mcts:iters=200"));
  bar->addWidget(m_agents, 1);
  bar->addWidget(new QLabel(tr("games per pairing"), this));
  m_games = new QSpinBox(this);
  m_games->setRange(2, 1000000);
  m_games->setValue(200);
  m_games->setGroupSeparatorShown(true);
  bar->addWidget(m_games);
  bar->addWidget(new QLabel(tr("seed"), this));
  m_seed = new QSpinBox(this);
  m_seed->setRange(0, 2147483647);
  m_seed->setValue(1);
  bar->addWidget(m_seed);
  m_run = new QPushButton(tr("Run ladder"), this);
  bar->addWidget(m_run);
  outer->addLayout(bar);
  m_status = new QLabel(tr("Plays every pair of agents head to head and each agent against itself, then shows "
                           "which conclusions change with the players' skill."),
                        this);
  m_status->setWordWrap(true);
  outer->addWidget(m_status);
  m_revision = newRevisionLabel(this);
  outer->addWidget(m_revision);

  auto* split = new QSplitter(Qt::Vertical, this);
  auto* top = new QSplitter(Qt::Horizontal, split);
  m_ratings = new QTableWidget(0, 3, top);
  m_ratings->setHorizontalHeaderLabels({tr("Agent (weakest first)"), tr("Rating (Elo)"), tr("\u00b1 SE")});
  m_ratings->verticalHeader()->hide();
  m_ratings->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_ratings->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_matrix = new QTableWidget(0, 0, top);
  m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_matrix->setToolTip(tr("The row agent's score against the column agent: (wins + draws / 2) over the games one of "
                          "them won or drew."));
  auto* lower = new QWidget(split);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addWidget(new QLabel(tr("<b>Conclusions that change with skill</b> (consecutive rungs)"), lower));
  m_changes = new QListWidget(lower);
  m_changes->setWordWrap(true);
  lowerLayout->addWidget(m_changes);
  outer->addWidget(split, 1);

  connect(m_run, &QPushButton::clicked, this, [this] {
    if (isRunning()) cancel();
    else if (!run()) m_status->setText(m_error);
  });
  connect(document, &RulesetDocument::changed, this, [this] { updateRevisionNote(); });
  connect(document, &RulesetDocument::reset, this, [this] {
    cancel();
    if (m_worker.joinable()) m_worker.join();
    clear();
  });
}

LadderPanel::~LadderPanel() {
  cancel();
  if (m_worker.joinable()) m_worker.join();
}

void LadderPanel::setAgents(const QString& commaSeparated) { m_agents->setText(commaSeparated); }
void LadderPanel::setGames(int gamesPerPairing) { m_games->setValue(gamesPerPairing); }
void LadderPanel::setSeed(int seed) { m_seed->setValue(seed); }

void LadderPanel::cancel() {
  if (m_runner) m_runner->cancel();
}

void LadderPanel::clear() {
  ++m_generation;
  m_result.reset();
  m_resultRuleset = model::Ruleset{};
  m_ratings->setRowCount(0);
  m_matrix->setRowCount(0);
  m_matrix->setColumnCount(0);
  m_changes->clear();
  updateRevisionNote();
}

int LadderPanel::editsSinceResult() const {
  if (!m_result) return 0;
  return static_cast<int>(model::diffRulesets(m_resultRuleset, m_document->ruleset()).size());
}

QString LadderPanel::revisionNote() const {
  if (!m_result) return {};
  const EditsSince e = editsSince(m_resultRuleset, m_document->ruleset());
  if (e.count == 0) return {};
  return tr("%1: these ratings do not include %2. Run the ladder again to see the effect.")
      .arg(e.text, e.count == 1 ? tr("it") : tr("them"));
}

void LadderPanel::updateRevisionNote() {
  const QString note = revisionNote();
  m_revision->setText(note);
  m_revision->setVisible(!note.isEmpty());
}

bool LadderPanel::run() {
  if (isRunning()) return false;
  if (m_document->errorCount() > 0) {
    m_error = tr("The ruleset has errors: fix them (see Diagnostics) first.");
    return false;
  }
  sim::LadderConfig config;
  for (const QString& a : m_agents->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) config.agents.push_back(a.trimmed().toStdString());
  config.run.games = static_cast<std::uint64_t>(m_games->value());
  config.run.seed = static_cast<std::uint64_t>(m_seed->value());
  config.run.threads = std::max(1, QThread::idealThreadCount());
  const model::Ruleset snapshot = m_document->ruleset();
  config.run.players = std::max(1, snapshot.players.initial());
  model::Diagnostics diags;
  auto game = std::shared_ptr<sim::Game>(rulesets::builtinEngines().compile(snapshot, diags));
  if (!game) {
    m_error = tr("The ruleset does not compile: %1").arg(QString::fromStdString(diags.format()));
    return false;
  }
  {
    std::string why;
    if (!sim::LadderRunner(*game, config).validate(why)) {
      m_error = QString::fromStdString(why);
      return false;
    }
  }
  if (m_worker.joinable()) m_worker.join();
  m_running.store(true);
  m_run->setText(tr("Cancel"));
  m_status->setText(tr("Playing the ladder..."));
  auto runner = std::make_shared<sim::LadderRunner>(*game, config);
  runner->setProgressCallback([this](const sim::LadderProgress& p) {
    const QString text = tr("Run %1 of %2: %3 (%L4 / %L5 games)")
                             .arg(p.stage + 1)
                             .arg(p.stages)
                             .arg(QString::fromStdString(p.what))
                             .arg(p.gamesDone)
                             .arg(p.gamesTotal);
    QMetaObject::invokeMethod(this, [this, text] { if (isRunning()) m_status->setText(text); }, Qt::QueuedConnection);
  });
  m_runner = runner;
  const int generation = m_generation;
  m_worker = std::thread([this, game, runner, snapshot, generation] {
    sim::LadderResult result = runner->run();
    QMetaObject::invokeMethod(this, [this, result = std::move(result), snapshot, generation] {
      m_running.store(false);
      m_runner.reset();
      m_run->setText(tr("Run ladder"));
      if (generation != m_generation) {  // another ruleset was opened meanwhile: not its result
        m_status->setText(tr("The ladder of the previous ruleset was cancelled."));
        return;
      }
      if (!result.ok()) {
        m_error = QString::fromStdString(result.error);
        m_status->setText(m_error);
      } else {
        m_result = result;
        m_resultRuleset = snapshot;
        show(result);
        updateRevisionNote();
      }
      Q_EMIT finished();
    }, Qt::QueuedConnection);
  });
  return true;
}

void LadderPanel::show(const sim::LadderResult& r) {
  const auto name = [&](int i) { return QString::fromStdString(r.agents[static_cast<std::size_t>(i)]); };
  m_status->setText(tr("%1 agents, %L2 games per pairing (seed %3), %4 s%5.")
                        .arg(r.agents.size())
                        .arg(r.config.run.games)
                        .arg(r.config.run.seed)
                        .arg(r.elapsedSeconds, 0, 'f', 1)
                        .arg(r.cancelled ? tr(" [cancelled: partial]") : QString()));
  m_ratings->setRowCount(static_cast<int>(r.rungs.size()));
  for (int row = 0; row < static_cast<int>(r.rungs.size()); ++row) {
    const int a = r.rungs[static_cast<std::size_t>(row)];
    const sim::Rating& rating = r.ratings[static_cast<std::size_t>(a)];
    m_ratings->setItem(row, 0, new QTableWidgetItem(name(a)));
    m_ratings->setItem(row, 1, cell(QString::number(rating.elo, 'f', 0)));
    m_ratings->setItem(row, 2, cell(QString::number(rating.se, 'f', 0)));
  }
  // The matrix in rung order: the row agent's score against the column agent.
  const int n = static_cast<int>(r.rungs.size());
  m_matrix->setRowCount(n);
  m_matrix->setColumnCount(n);
  QStringList labels;
  for (int i : r.rungs) labels << name(i);
  m_matrix->setHorizontalHeaderLabels(labels);
  m_matrix->setVerticalHeaderLabels(labels);
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      const int a = r.rungs[static_cast<std::size_t>(row)], b = r.rungs[static_cast<std::size_t>(col)];
      if (a == b) {
        m_matrix->setItem(row, col, cell(QStringLiteral("\u2014")));
        continue;
      }
      const sim::Pairing* p = r.pairing(a, b);
      if (!p) {
        m_matrix->setItem(row, col, cell(QString()));
        continue;
      }
      // pairing(a, b) is stored one way round: the row agent's score.
      const bool asA = p->a == a;
      const double score = asA ? p->score : 1.0 - p->score;
      const double lo = asA ? p->ci.lo : 1.0 - p->ci.hi, hi = asA ? p->ci.hi : 1.0 - p->ci.lo;
      auto* item = cell(percent(score));
      item->setBackground(heat(score));
      item->setToolTip(tr("%1 against %2: %3 [%4, %5] over %L6 decided games of %L7")
                           .arg(name(a), name(b), percent(score), percent(lo), percent(hi))
                           .arg(static_cast<qulonglong>(p->decided()))
                           .arg(p->games));
      m_matrix->setItem(row, col, item);
    }
  m_matrix->resizeColumnsToContents();
  m_changes->clear();
  for (const auto& c : r.changes)
    m_changes->addItem(tr("%1 \u2192 %2: %3 (%4): %5 \u2192 %6")
                           .arg(name(c.from), name(c.to), QString::fromStdString(c.label), QString::fromStdString(c.kind),
                                QString::fromStdString(c.before), QString::fromStdString(c.after)));
  if (r.changes.empty()) m_changes->addItem(tr("None: every headline conclusion holds at every rung."));
}

QString LadderPanel::statusText() const { return m_status->text(); }

}  // namespace wb::app
