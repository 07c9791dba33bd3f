// One evaluation run's report, as `ai-universe eval --html` writes it: the run's facts, the strategies'
// table, what each fixed and broke against the best single model, both plots (the same SVG as the HTML
// report's, from src/evaluation/report/plots.ts) and the agreement score's figures.

import type { EvaluationReport as Report } from "../../../src/contract/evaluation.ts";
import { costAccuracyPlot, reliabilityPlot } from "../../../src/evaluation/report/plots.ts";
import {
  agreementFacts,
  comparisonTable,
  runFacts,
  strategyTable,
  type TextTable,
} from "../../../src/evaluation/report/report-tables.ts";

function Table({ table, caption }: { table: TextTable; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="evaluation-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={table.header[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={table.header[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Facts({ facts, label }: { facts: [string, string][]; label: string }) {
  return (
    <dl className="facts" aria-label={label}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An SVG plot made by plots.ts, whose every label is escaped there. */
function Plot({ svg }: { svg: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: plots.ts writes the SVG and escapes every text in it
  return <figure className="evaluation-plot" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function EvaluationReport({ report }: { report: Report }) {
  return (
    <article className="evaluation-report" aria-label={`Evaluation ${report.run.id}`}>
      <Facts facts={runFacts(report)} label="The run" />
      <h2>Strategies</h2>
      <Table
        table={strategyTable(report)}
        caption="Each strategy's answers, accuracy, win rate, cost and latency"
      />
      <h2>Against the best single model</h2>
      <Table
        table={comparisonTable(report)}
        caption="What each strategy fixed and broke, question by question"
      />
      <h2>Plots</h2>
      <div className="evaluation-plots">
        <Plot svg={costAccuracyPlot(report)} />
        <Plot svg={reliabilityPlot(report)} />
      </div>
      <h2>{report.adaptive ? "Agreement and adaptive consultation" : "Agreement"}</h2>
      <Facts facts={agreementFacts(report)} label="Agreement and adaptive consultation" />
    </article>
  );
}
