#include "app/gui/window/diagnostics_panel.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

DiagnosticsPanel::DiagnosticsPanel(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  m_summary = new QLabel(this);
  layout->addWidget(m_summary);
  m_list = new QTreeWidget(this);
  m_list->setRootIsDecorated(false);
  m_list->setHeaderLabels({tr("Where"), tr("Problem")});
  m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  m_list->setAlternatingRowColors(true);
  m_list->setUniformRowHeights(true);
  layout->addWidget(m_list);
  connect(m_list, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { activate(m_list->indexOfTopLevelItem(item)); });
  connect(document, &RulesetDocument::diagnosticsChanged, this, &DiagnosticsPanel::rebuild);
  rebuild();
}

int DiagnosticsPanel::count() const { return m_list->topLevelItemCount(); }

void DiagnosticsPanel::activate(int row) {
  const auto& items = m_document->diagnostics().items();
  if (row >= 0 && row < static_cast<int>(items.size())) Q_EMIT diagnosticActivated(items[static_cast<std::size_t>(row)]);
}

void DiagnosticsPanel::rebuild() {
  m_list->clear();
  for (const auto& d : m_document->diagnostics().items()) {
    model::SourceLocation where = d.where;
    where.file = QFileInfo(QString::fromStdString(where.file)).fileName().toStdString();
    auto* item = new QTreeWidgetItem(m_list, {QString::fromStdString(where.toString()), QString::fromStdString(d.message)});
    const auto icon = d.severity == model::Severity::Error     ? QStyle::SP_MessageBoxCritical
                      : d.severity == model::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                               : QStyle::SP_MessageBoxInformation;
    item->setIcon(0, style()->standardIcon(icon));
    item->setToolTip(1, QString::fromStdString(d.format()));
  }
  m_list->setVisible(m_list->topLevelItemCount() > 0);
  const int errors = m_document->errorCount(), warnings = m_document->warningCount();
  m_summary->setText(errors + warnings == 0
                         ? tr("No problems: the ruleset is valid for engine '%1'.")
                               .arg(QString::fromStdString(m_document->ruleset().engine))
                         : tr("%n error(s)", nullptr, errors) + QStringLiteral(", ") +
                               tr("%n warning(s)", nullptr, warnings) + tr(" — double-click one to go there."));
}

}  // namespace wb::app
