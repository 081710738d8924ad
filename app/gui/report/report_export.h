// File > Export Report...: builds a balance report (app/report) from a
// snapshot of the open ruleset on a worker thread (ReportJob) and writes it
// as HTML, PDF, CSV or JSON by the file's extension — the same report as
// `balance report` with the same request (app/report/report_request.h).
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

#include "app/report/report_builder.h"
#include "model/core/ruleset.h"

class QWidget;

namespace wb::app {

// One report being built on a worker thread. Signals come on the GUI thread;
// the destructor cancels and waits.
class ReportJob : public QObject {
  Q_OBJECT
 public:
  ReportJob(model::Ruleset snapshot, ReportRequest request, QObject* parent = nullptr);
  ~ReportJob() override;

  void start();
  void cancel();  // thread-safe
  bool isRunning() const { return m_running.load(); }
  bool wasCancelled() const { return m_cancelled.load(); }
  ReportProgress progress() const;
  // After finished: true with the data, or false with the error.
  bool succeeded(ReportData* data, QString* error) const;

 Q_SIGNALS:
  void progressed();
  void finished();

 private:
  const model::Ruleset m_snapshot;
  ReportBuilder m_builder;
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancelled{false};
  mutable std::mutex m_mutex;
  ReportProgress m_progress;
  ReportData m_data;
  bool m_ok = false;
  QString m_error;
};

// "html", "pdf", "csv" or "json" for a report path ("htm" counts as html); "" otherwise.
QString reportFormat(const QString& path);

// Writes `data` to `path` in the format of its extension (atomically).
bool writeReport(const ReportData& data, const QString& path, QString* error);

// Builds the report and writes it; blocks while the event loop runs. With a
// `dialogParent`, a progress dialog shows games and time left and can cancel.
// `built` receives the report's data (its run and sweeps, to reuse).
bool exportReport(const model::Ruleset& snapshot, ReportRequest request, const QString& path, QWidget* dialogParent,
                  QString* error, ReportData* built = nullptr);

}  // namespace wb::app
