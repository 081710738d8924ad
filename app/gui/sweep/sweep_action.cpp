#include "app/gui/sweep/sweep_action.h"

#include <QAction>
#include <QMenu>

#include <algorithm>
#include <cmath>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

bool isSweepable(const model::Ruleset& ruleset, const QString& path) {
  if (path.isEmpty()) return false;
  const auto value = model::getPath(ruleset, path.toStdString());
  return value && value->isNumeric();
}

QAction* addSweepAction(QMenu* menu, const model::Ruleset& ruleset, const QString& path,
                        std::function<void(const QString&)> onSweep) {
  if (!menu || !isSweepable(ruleset, path)) return nullptr;
  QAction* action = menu->addAction(QObject::tr("Sweep this value..."));
  action->setObjectName(QStringLiteral("sweepThisValue"));
  action->setToolTip(QObject::tr("Play this ruleset over a range of %1 in the Sweep tab").arg(path));
  QObject::connect(action, &QAction::triggered, menu, [path, onSweep = std::move(onSweep)] { onSweep(path); });
  return action;
}

QString suggestSweepRange(const model::Ruleset& ruleset, const QString& path) {
  const auto value = model::getPath(ruleset, path.toStdString());
  if (!value || !value->isNumeric()) return {};
  const auto current = model::parseNumber(value->text);
  if (!current) return {};
  const double v = *current;
  const bool integral = value->type != model::ValueType::Float && std::floor(v) == v;
  double step = integral ? std::max(1.0, std::round(std::abs(v) / 8)) : std::max(0.05, std::abs(v) / 4);
  if (!integral) step = std::stod(model::formatNumber(step));
  double from = v - 2 * step, to = v + 2 * step;
  if (value->min) from = std::max(from, *value->min);
  if (value->max) to = std::min(to, *value->max);
  if (integral && from < 0 && v >= 0 && !value->min) from = 0;  // counts and costs are rarely negative
  if (to < from) to = from;
  return QStringLiteral("%1:%2:%3")
      .arg(QString::fromStdString(model::formatNumber(from)), QString::fromStdString(model::formatNumber(to)),
           QString::fromStdString(model::formatNumber(step)));
}

}  // namespace wb::app
