// PDF reports with Qt (WB_BUILD_GUI=ON): QTextDocument lays out the HTML report,
// charts come in as images rendered from their SVG, QPdfWriter prints A4 pages.
#include <cstdlib>
#include <memory>
#include <string_view>

#include <QtCore/QByteArray>
#include <QtCore/QBuffer>
#include <QtCore/QMarginsF>
#include <QtCore/QSizeF>
#include <QtCore/QUrl>
#include <QtGui/QGuiApplication>
#include <QtGui/QImage>
#include <QtGui/QPageLayout>
#include <QtGui/QPageSize>
#include <QtGui/QPainter>
#include <QtGui/QPdfWriter>
#include <QtGui/QTextDocument>
#include <QtSvg/QSvgRenderer>

#include "app/report/html_report_writer.h"
#include "app/report/pdf_report_writer.h"
#include "model/core/atomic_file.h"

namespace wb::app {
namespace {

// The CLI has no application object; Qt's fonts and painting need one.
void ensureGuiApplication() {
  if (QCoreApplication::instance()) return;
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "balance";
  static char* argv[] = {name, nullptr};
  static std::unique_ptr<QGuiApplication> app = std::make_unique<QGuiApplication>(argc, argv);
}

}  // namespace

bool pdfReportsAvailable() { return true; }

bool writePdfReport(const ReportData& data, const std::string& path, std::string& error) {
  ensureGuiApplication();
  QTextDocument doc;
  int counter = 0;
  constexpr double kScale = 3.0;  // image pixels per chart pixel (sharp when printed)
  ChartSink sink = [&](const std::string& svg, int width, int height) {
    QSvgRenderer renderer(QByteArray::fromStdString(svg));
    QImage image(static_cast<int>(width * kScale), static_cast<int>(height * kScale), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    const QString name = QStringLiteral("chart-%1.png").arg(++counter);
    doc.addResource(QTextDocument::ImageResource, QUrl(name), image);
    return "<p align=\"center\"><img src=\"" + name.toStdString() + "\" width=\"" + std::to_string(width) +
           "\" height=\"" + std::to_string(height) + "\"></p>";
  };
  doc.setDefaultStyleSheet(
      "body{font-family:'DejaVu Sans'; font-size:9pt} h1{font-size:16pt} h2{font-size:12pt; color:#3b6fb6}"
      " h3{font-size:10pt} th{background-color:#eef2f8} pre{font-size:7pt; background-color:#f4f4f4; white-space:pre-wrap}"
      " .muted{color:#777777}");
  doc.setHtml(QString::fromStdString(htmlReport(data, sink, true)));

  // Printed to memory, then written with the atomic writer the HTML report uses
  // (model/core/atomic_file.h): a unique temporary file, the old file's mode,
  // symlinks written through; a kill leaves the old report or the new one.
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter writer(&buffer);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    writer.setResolution(96);
    writer.setTitle(QString::fromStdString("Balance report: " + data.rulesetName));
    writer.setCreator(QString::fromStdString("balance " + data.programVersion));
    doc.setPageSize(QSizeF(writer.width(), writer.height()));
    doc.print(&writer);
  }
  buffer.close();
  const QByteArray& bytes = buffer.data();
  if (bytes.isEmpty()) {
    error = "Qt wrote no PDF for " + path;
    return false;
  }
  std::string why;
  if (!model::writeFileAtomically(path, std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), &why)) {
    error = "cannot write " + path + ": " + why;
    return false;
  }
  return true;
}

}  // namespace wb::app
