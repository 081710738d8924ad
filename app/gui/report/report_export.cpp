#include "app/gui/report/report_export.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QMetaObject>
#include <QProgressDialog>

#include "app/report/data_report_writers.h"
#include "app/report/html_report_writer.h"
#include "app/report/pdf_report_writer.h"
#include "model/core/atomic_file.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

ReportJob::ReportJob(model::Ruleset snapshot, ReportRequest request, QObject* parent)
    : QObject(parent), m_snapshot(std::move(snapshot)), m_builder(rulesets::builtinEngines(), m_snapshot, std::move(request)) {}

ReportJob::~ReportJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

void ReportJob::start() {
  if (m_running.exchange(true)) return;
  m_builder.setProgressCallback([this](const ReportProgress& p) {
    {
      std::lock_guard lock(m_mutex);
      m_progress = p;
    }
    QMetaObject::invokeMethod(this, [this] { Q_EMIT progressed(); }, Qt::QueuedConnection);
  });
  m_thread = std::thread([this] {
    ReportData data;
    std::string why;
    const bool ok = m_builder.build(data, why);
    {
      std::lock_guard lock(m_mutex);
      m_ok = ok && !m_builder.cancelled();
      m_data = std::move(data);
      m_error = m_builder.cancelled() ? tr("cancelled") : QString::fromStdString(why).trimmed();
    }
    m_running.store(false);
    QMetaObject::invokeMethod(this, [this] { Q_EMIT finished(); }, Qt::QueuedConnection);
  });
}

void ReportJob::cancel() {
  m_cancelled.store(true);
  m_builder.cancel();
}

ReportProgress ReportJob::progress() const {
  std::lock_guard lock(m_mutex);
  return m_progress;
}

bool ReportJob::succeeded(ReportData* data, QString* error) const {
  std::lock_guard lock(m_mutex);
  if (m_ok && data) *data = m_data;
  if (!m_ok && error) *error = m_error;
  return m_ok;
}

QString reportFormat(const QString& path) {
  const QString ext = QFileInfo(path).suffix().toLower();
  if (ext == QLatin1String("html") || ext == QLatin1String("htm")) return QStringLiteral("html");
  if (ext == QLatin1String("pdf") || ext == QLatin1String("csv") || ext == QLatin1String("json")) return ext;
  return {};
}

bool writeReport(const ReportData& data, const QString& path, QString* error) {
  const QString format = reportFormat(path);
  std::string why;
  bool ok = false;
  if (format.isEmpty()) {
    why = "the file name must end in .html, .pdf, .csv or .json";
  } else if (format == QLatin1String("pdf")) {
    ok = writePdfReport(data, path.toStdString(), why);
  } else {
    const std::string text = format == QLatin1String("csv")    ? csvReport(data)
                             : format == QLatin1String("json") ? jsonReport(data)
                                                               : htmlReport(data);
    ok = model::writeFileAtomically(path.toStdString(), text, &why);
  }
  if (!ok && error) *error = QObject::tr("Cannot write %1: %2").arg(path, QString::fromStdString(why));
  return ok;
}

bool exportReport(const model::Ruleset& snapshot, ReportRequest request, const QString& path, QWidget* dialogParent,
                  QString* error, ReportData* built) {
  if (reportFormat(path).isEmpty()) {
    if (error) *error = QObject::tr("%1: the file name must end in .html, .pdf, .csv or .json").arg(path);
    return false;
  }
  ReportJob job(snapshot, std::move(request));
  QEventLoop loop;
  QObject::connect(&job, &ReportJob::finished, &loop, &QEventLoop::quit);
  std::unique_ptr<QProgressDialog> dialog;
  if (dialogParent) {
    dialog = std::make_unique<QProgressDialog>(QObject::tr("Playing the games for the report..."),
                                               QObject::tr("Cancel"), 0, 1000, dialogParent);
    dialog->setWindowTitle(QObject::tr("Export Report"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    dialog->setValue(0);
    QObject::connect(dialog.get(), &QProgressDialog::canceled, &job, &ReportJob::cancel);
    QObject::connect(&job, &ReportJob::progressed, dialog.get(), [&job, d = dialog.get()] {
      const ReportProgress p = job.progress();
      if (p.gamesTotal > 0)
        d->setValue(static_cast<int>(1000.0 * static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)));
      d->setLabelText(QObject::tr("%1: %L2 / %L3 games, about %4 s left")
                          .arg(QString::fromStdString(p.stage))
                          .arg(p.gamesDone)
                          .arg(p.gamesTotal)
                          .arg(qRound(p.etaSeconds)));
    });
  }
  job.start();
  if (job.isRunning()) loop.exec();
  // A finished() queued after the loop quit is harmless: the job outlives nothing.
  if (dialog) dialog->close();
  ReportData data;
  QString why;
  if (!job.succeeded(&data, &why)) {
    if (error) *error = job.wasCancelled() ? QObject::tr("Export cancelled.") : why;
    return false;
  }
  if (!writeReport(data, path, error)) return false;
  if (built) *built = std::move(data);
  return true;
}

}  // namespace wb::app
