#include "charts/export/chart_export.h"

#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>

namespace wb::charts {

namespace {
// Lays the chart out at `size` in a scene of its own (or its current one) and paints it.
void paintChart(QChart* chart, QPainter& painter, QSize size) {
  QGraphicsScene* scene = chart->scene();
  QGraphicsScene own;
  const QRectF oldGeometry = chart->geometry();
  if (!scene) {
    own.addItem(chart);
    scene = &own;
  }
  chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
  scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), chart->sceneBoundingRect());
  if (scene == &own) {
    own.removeItem(chart);
  } else if (oldGeometry.isValid()) {
    chart->setGeometry(oldGeometry);
  }
}
}  // namespace

QImage renderChart(QChart* chart, QSize size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  paintChart(chart, painter, size);
  return image;
}

bool saveChart(QChart* chart, const QString& path, QSize size, QString* error) {
  if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(chart->title());
    QPainter painter;
    if (!painter.begin(&svg)) {
      if (error) *error = QObject::tr("cannot write %1").arg(path);
      return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    paintChart(chart, painter, size);
    painter.end();
    return true;
  }
  if (!renderChart(chart, size).save(path)) {
    if (error) *error = QObject::tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

QChartView* makeChartView(QChart* chart) {
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(240, 180);
  return view;
}

}  // namespace wb::charts
