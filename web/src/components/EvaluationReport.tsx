// One evaluation run's report, as `ai-universe eval --html` writes it: the run's facts, the strategies'
// table, what each fixed and broke against the best single model, both plots (the same SVG as the HTML
// report's, from src/contract/report/plots.ts), the agreement score's figures and the questions'
// table (the rows of src/contract/report/question-table.ts, as the HTML report has them). Questions and
// answers are written as text, which React escapes.

import type * as contract from "../../../src/contract/evaluation.ts";
import { costAccuracyPlot, reliabilityPlot } from "../../../src/contract/report/plots.ts";
import {
  type QuestionCell,
  type QuestionTable,
  questionTable,
} from "../../../src/contract/report/question-table.ts";
import {
  agreementFacts,
  comparisonTable,
  runFacts,
  strategyTable,
  type TextTable,
} from "../../../src/contract/report/report-tables.ts";

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

/** One strategy's answer: what it stated, right or wrong, fixed or broke, and the whole answer folded. */
function Cell({ cell }: { cell: QuestionCell | undefined }) {
  if (!cell) return <td className="meta">–</td>;
  return (
    <td>
      <span className="stated">{cell.stated}</span> ·{" "}
      <span className={`grade ${cell.grade}`}>{cell.grade}</span>
      {cell.change && (
        <>
          {" · "}
          <span className={`change ${cell.change}`}>{cell.change}</span>
        </>
      )}
      {cell.agreement && <> · agreement {cell.agreement}</>}
      {cell.verdicts && <> · {cell.verdicts}</>}
      <details>
        <summary>whole answer</summary>
        <div className="answer">{cell.answer}</div>
      </details>
    </td>
  );
}

/** Every question shown with each strategy's answer, as the HTML report's table. */
function Questions({ table }: { table: QuestionTable }) {
  return (
    <div className="table-scroll">
      <table className="evaluation-table questions">
        <caption>
          Each question with every strategy's answer, and what it fixed or broke against the best single model
        </caption>
        <thead>
          <tr>
            {["question", "reference", ...table.strategies].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <span className="question-id">{row.id}</span>
                <div className="question-text">{row.question}</div>
                {row.choices.length > 0 && (
                  <ul className="choices">
                    {row.choices.map((choice) => (
                      <li key={choice}>{choice}</li>
                    ))}
                  </ul>
                )}
              </th>
              <td>{row.reference}</td>
              {row.cells.map((cell, index) => (
                <Cell key={table.strategies[index]} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EvaluationReport({ report }: { report: contract.EvaluationReport }) {
  const questions = questionTable(report);
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
      {questions && (
        <>
          <h2>Questions</h2>
          <Questions table={questions} />
        </>
      )}
    </article>
  );
}
