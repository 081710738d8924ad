#include "app/gui/dice_lab/dice_lab_panel.h"

#include <QColor>

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

#include "app/gui/dice_lab/dice_request_form.h"
#include "app/gui/dice_lab/dice_result_view.h"
#include "app/gui/document/ruleset_document.h"
#include "model/validation/dice_question_threshold.h"

namespace wb::app {

struct DiceLabPanel::Job {
  model::Ruleset snapshot;
  bool hasRuleset = false;
  sim::dice::DiceRequest request;
  sim::dice::DiceResult result;
  sim::dice::DiceError error;
  bool ok = false;
  std::atomic<bool> cancel{false};
  std::thread thread;
};

namespace {

QString fieldName(const std::string& field) {
  if (field == "pool") return QObject::tr("Dice");
  if (field == "vs") return QObject::tr("Against");
  if (field == "target") return QObject::tr("Target");
  if (field == "expression") return QObject::tr("Expression");
  return {};
}

QString questionTip(const model::DiceQuestion& q) {
  QStringList lines;
  lines << QStringLiteral("<b>%1</b> (%2)").arg(QString::fromStdString(q.id).toHtmlEscaped(),
                                                 QString::fromStdString(q.query).toHtmlEscaped());
  for (const auto& a : q.args) {
    QString value = QString::fromStdString(a.text);
    if (a.isList) {
      QStringList items;
      for (const auto& i : a.items) items << QString::fromStdString(i);
      value = items.join(QStringLiteral(", "));
    }
    lines << QStringLiteral("%1: %2").arg(QString::fromStdString(a.key), value.toHtmlEscaped());
  }
  if (!q.assumed.empty()) lines << QObject::tr("<i>assumed: %1</i>").arg(QString::fromStdString(q.assumed).toHtmlEscaped());
  return lines.join(QStringLiteral("<br>"));
}

}  // namespace

DiceLabPanel::DiceLabPanel(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  auto* layout = new QHBoxLayout(this);
  auto* split = new QSplitter(Qt::Horizontal, this);
  layout->addWidget(split);

  auto* left = new QWidget(split);
  auto* leftLayout = new QVBoxLayout(left);
  m_leftLayout = leftLayout;
  leftLayout->setContentsMargins(0, 0, 4, 0);

  auto* questions = new QGroupBox(tr("Questions of this ruleset"), left);
  auto* qLayout = new QVBoxLayout(questions);
  m_questions = new QListWidget(questions);
  m_questions->setWordWrap(true);
  m_questions->setAlternatingRowColors(true);
  m_questions->setResizeMode(QListView::Adjust);
  m_questions->setSpacing(1);
  m_questions->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_questions->setToolTip(tr("Click a question to evaluate it"));
  m_questionsEmpty = new QLabel(tr("This ruleset has no dice_questions: section."), questions);
  m_questionsEmpty->setWordWrap(true);
  m_questionsEmpty->setStyleSheet(QStringLiteral("color: #666;"));
  qLayout->addWidget(m_questions);
  qLayout->addWidget(m_questionsEmpty);
  leftLayout->addWidget(questions, 1);
  m_questionsBox = questions;

  auto* ask = new QGroupBox(tr("Ask"), left);
  auto* askLayout = new QVBoxLayout(ask);
  m_form = new DiceRequestForm(ask);
  askLayout->addWidget(m_form);
  auto* buttons = new QHBoxLayout;
  m_evaluate = new QPushButton(tr("Evaluate"), ask);
  m_evaluate->setDefault(true);
  m_cancel = new QPushButton(tr("Cancel"), ask);
  m_cancel->setToolTip(tr("Stop the running evaluation"));
  m_cancel->hide();
  m_busy = new QLabel(tr("working..."), ask);
  m_busy->setStyleSheet(QStringLiteral("color: #666;"));
  m_busy->hide();
  buttons->addWidget(m_busy);
  buttons->addStretch();
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_evaluate);
  askLayout->addLayout(buttons);
  m_error = new QLabel(ask);
  m_error->setWordWrap(true);
  m_error->setTextFormat(Qt::RichText);
  m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_error->hide();
  askLayout->addWidget(m_error);
  leftLayout->addWidget(ask);
  leftLayout->addStretch(0);

  m_result = new DiceResultView(split);
  split->addWidget(left);
  split->addWidget(m_result);
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  split->setSizes({360, 840});

  connect(m_evaluate, &QPushButton::clicked, this, &DiceLabPanel::evaluate);
  connect(m_cancel, &QPushButton::clicked, this, &DiceLabPanel::cancel);
  connect(m_form, &DiceRequestForm::submitted, this, &DiceLabPanel::evaluate);
  // An error belongs to the query it was about: another query kind starts clean.
  connect(m_form, &DiceRequestForm::queryKindChanged, this, [this] {
    m_errorText.clear();
    m_error->hide();
    m_form->clearError();
  });
  connect(m_questions, &QListWidget::itemClicked, this,
          [this](QListWidgetItem* item) { evaluateQuestion(m_questions->row(item)); });
  connect(m_result, &DiceResultView::message, this, &DiceLabPanel::message);
  if (m_document) {
    connect(m_document, &RulesetDocument::reset, this, &DiceLabPanel::refreshRuleset);
    connect(m_document, &RulesetDocument::changed, this, &DiceLabPanel::refreshRuleset);
  }
  refreshRuleset();
  m_form->setRequest([] {
    sim::dice::DiceRequest r;
    r.pool = "3d6";
    return r;
  }());
}

DiceLabPanel::~DiceLabPanel() {
  if (m_job) m_job->cancel.store(true);  // stops within a budget check, then joins
  if (m_job && m_job->thread.joinable()) m_job->thread.join();
}

void DiceLabPanel::cancel() {
  if (m_job) m_job->cancel.store(true);
}

QString DiceLabPanel::busyText() const { return m_busy->isHidden() ? QString() : m_busy->text(); }

const model::Ruleset* DiceLabPanel::ruleset() const { return m_document ? &m_document->ruleset() : nullptr; }

void DiceLabPanel::refreshRuleset() {
  const model::Ruleset* rs = ruleset();
  m_form->setRuleset(rs);
  const int keep = m_questions->currentRow();
  m_questions->clear();
  if (rs)
    for (const auto& q : rs->diceQuestions) {
      auto* item = new QListWidgetItem(QString::fromStdString(q.name.empty() ? q.id : q.name), m_questions);
      item->setToolTip(questionTip(q));
      // A threshold taken from a value that has changed since (at_least_of): flagged, not silently old.
      if (const std::string stale = model::staleThreshold(*rs, q); !stale.empty()) {
        item->setText(QStringLiteral("\u26a0 ") + item->text());
        item->setForeground(QColor(0xb2, 0x5e, 0x00));
        item->setData(Qt::UserRole, QString::fromStdString(stale));
        item->setToolTip(tr("<b>Stale threshold:</b> %1<br>").arg(QString::fromStdString(stale).toHtmlEscaped()) +
                         item->toolTip());
      }
    }
  if (keep >= 0 && keep < m_questions->count()) m_questions->setCurrentRow(keep);
  const bool any = m_questions->count() > 0;
  m_questions->setVisible(any);
  m_questionsEmpty->setVisible(!any);
  m_questionsBox->setMaximumHeight(any ? QWIDGETSIZE_MAX : m_questionsBox->minimumSizeHint().height());
  m_leftLayout->setStretch(0, any ? 1 : 0);  // the list takes the height, else the space stays below
  m_leftLayout->setStretch(2, any ? 0 : 1);
}

void DiceLabPanel::evaluateQuestion(int row) {
  const model::Ruleset* rs = ruleset();
  if (!rs || row < 0 || row >= static_cast<int>(rs->diceQuestions.size())) return;
  m_questions->setCurrentRow(row);
  const auto& q = rs->diceQuestions[static_cast<std::size_t>(row)];
  std::string why;
  auto request = sim::dice::requestFromQuestion(q, &why);
  if (!request) {
    showError(sim::dice::DiceError{"", 0, "question " + q.id + ": " + why}, QString());
    Q_EMIT evaluated(false);
    return;
  }
  m_form->setRequest(*request);
  evaluate();
}

void DiceLabPanel::evaluate() {
  if (m_job) {
    Q_EMIT message(tr("An evaluation is still going; wait for it or cancel it."));
    return;
  }
  const sim::dice::DiceRequest request = m_form->request();
  if (request.monteCarlo <= 0 && sim::dice::estimateDiceWork(request, ruleset()) <= kQuickWork) {
    sim::dice::DiceResult result;
    sim::dice::DiceError error;
    const bool ok = sim::dice::evaluateDice(request, ruleset(), result, error);
    finish(ok, result, error);
    return;
  }
  // Monte Carlo: a worker thread on a snapshot; the result comes back queued.
  m_job = std::make_unique<Job>();
  if (const model::Ruleset* rs = ruleset()) {
    m_job->snapshot = *rs;
    m_job->hasRuleset = true;
  }
  m_job->request = request;
  setBusy(true);
  Job* job = m_job.get();
  job->thread = std::thread([this, job] {
    sim::dice::DiceControl control;
    control.cancel = &job->cancel;
    control.progress = [this](double f) {
      QMetaObject::invokeMethod(
          this, [this, f] { if (m_job) m_busy->setText(tr("working... %1%").arg(static_cast<int>(100 * f))); },
          Qt::QueuedConnection);
    };
    job->ok = sim::dice::evaluateDice(job->request, job->hasRuleset ? &job->snapshot : nullptr, job->result, job->error,
                                      control);
    QMetaObject::invokeMethod(this, &DiceLabPanel::jobDone, Qt::QueuedConnection);
  });
}

void DiceLabPanel::jobDone() {
  if (!m_job) return;
  if (m_job->thread.joinable()) m_job->thread.join();
  std::unique_ptr<Job> job = std::move(m_job);
  setBusy(false);
  finish(job->ok, job->result, job->error);
}

void DiceLabPanel::setBusy(bool busy) {
  m_evaluate->setEnabled(!busy);
  m_busy->setText(tr("working..."));
  m_busy->setVisible(busy);
  m_cancel->setVisible(busy);
  m_questions->setEnabled(!busy);
}

void DiceLabPanel::finish(bool ok, const sim::dice::DiceResult& result, const sim::dice::DiceError& error) {
  if (!ok && error.cancelled) {
    m_errorText = tr("Cancelled.");
    m_error->setText(m_errorText);
    m_error->show();
    Q_EMIT message(tr("Dice Lab: cancelled"));
    Q_EMIT evaluated(false);
    return;
  }
  if (!ok) {
    const sim::dice::DiceRequest shown = m_form->request();
    std::string text;
    if (error.field == "pool") text = shown.pool;
    else if (error.field == "vs") text = shown.vs;
    else if (error.field == "target") text = shown.target;
    else if (error.field == "expression") text = shown.expression;
    showError(error, QString::fromStdString(text));
    Q_EMIT evaluated(false);
    return;
  }
  m_errorText.clear();
  m_error->hide();
  m_form->clearError();
  m_result->setResult(result);
  Q_EMIT message(tr("%1: mean %2").arg(QString::fromStdString(result.title)).arg(result.mean));
  Q_EMIT evaluated(true);
}

void DiceLabPanel::showError(const sim::dice::DiceError& error, const QString& fieldText) {
  const QString field = fieldName(error.field);
  QString head;
  if (!field.isEmpty() && error.column > 0) head = tr("%1, column %2: ").arg(field).arg(error.column);
  else if (!field.isEmpty()) head = tr("%1: ").arg(field);
  m_errorText = head + QString::fromStdString(error.message);
  QString html = QStringLiteral("<span style='color:#c62828'><b>%1</b></span>").arg(m_errorText.toHtmlEscaped());
  if (error.column > 0 && !fieldText.isEmpty()) {
    // The text with the offending character marked (font-independent, unlike a caret line).
    const int at = std::min(error.column - 1, static_cast<int>(fieldText.size()));
    const QString bad = at < fieldText.size() ? fieldText.mid(at, 1).toHtmlEscaped() : QStringLiteral("&nbsp;");
    html += QStringLiteral("<br><code>%1<span style='color:#c62828; background:#ffd6d6; text-decoration:underline'>%2</span>%3</code>")
                .arg(fieldText.left(at).toHtmlEscaped(), bad, fieldText.mid(at + 1).toHtmlEscaped());
  }
  m_error->setText(html);
  m_error->show();
  m_form->showError(error);
}

}  // namespace wb::app
