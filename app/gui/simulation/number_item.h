// A table cell that shows its text and sorts by its number (kept in
// Qt::UserRole), right-aligned: the Simulation tab's tables ("12.5%" sorts
// after "9.0%").
#pragma once

#include <QTableWidgetItem>

namespace wb::app {

class NumberItem : public QTableWidgetItem {
 public:
  NumberItem(const QString& text, double value) : QTableWidgetItem(text) {
    setData(Qt::UserRole, value);
    setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  bool operator<(const QTableWidgetItem& other) const override {
    return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
  }
};

}  // namespace wb::app
