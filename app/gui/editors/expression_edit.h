// ExpressionEdit: a line edit for amount expressions (`2 * fire`,
// `ceil(utility / 3)`) that validates as you type: on an error the frame turns
// red, a marker is drawn under the offending column and the message
// (`column 5: expected ...`) is available as a tooltip and via errorChanged().
#pragma once

#include <QLineEdit>

#include <functional>

namespace wb::app {

class ExpressionEdit : public QLineEdit {
  Q_OBJECT
 public:
  // Returns "" when the text is fine, otherwise a message; sets *column (1-based, 0 = unknown).
  using Checker = std::function<QString(const QString& text, int* column)>;

  explicit ExpressionEdit(QWidget* parent = nullptr);
  void setChecker(Checker checker);

  bool isValid() const { return m_error.isEmpty(); }
  QString errorMessage() const { return m_error; }
  int errorColumn() const { return m_column; }

 Q_SIGNALS:
  void errorChanged(const QString& message);  // "" when valid again

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void check();
  Checker m_checker;
  QString m_error;
  int m_column = 0;
};

}  // namespace wb::app
