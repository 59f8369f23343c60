import type { FormKind } from '../../lib/checks/page-facts';
import { judgedResults, noteText } from '../../lib/checks/verdicts';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { LiveResult } from './LiveResult';
import type { PageState } from './use-check-now';

const FORM_WORDS: Record<FormKind, MessageKey> = {
  search: 'thisPageFormSearch',
  'sign-up': 'thisPageFormSignUp',
  contact: 'thisPageFormContact',
  checkout: 'thisPageFormCheckout',
  other: 'thisPageFormOther',
};

/** This page: its tools for agents, its forms without one, and its signals with their evidence. */
export interface ThisPageProps {
  page: PageState;
  onCopy: (id: string) => Promise<boolean>;
}

export function ThisPage(props: ThisPageProps) {
  const { page } = props;
  if (page.kind !== 'read') {
    return (
      <section class="this-page" aria-labelledby="this-page-title">
        <h2 id="this-page-title">{t('thisPageTitle')}</h2>
        <p>{t(page.kind === 'moved' ? 'thisPageMoved' : 'thisPageUnreadable')}</p>
      </section>
    );
  }
  const { facts, tools, run } = page;
  const byScript = tools.filter((tool) => tool.source === 'script').length;
  const problems = tools.reduce((count, tool) => count + tool.problems.length, 0);
  const forms = facts.formsWithoutTool;
  const summary = [tools.length, byScript, tools.length - byScript, problems, forms.length];
  return (
    <section class="this-page" aria-labelledby="this-page-title">
      <h2 id="this-page-title">{t('thisPageTitle')}</h2>
      <p class="muted">{t('thisPageExplain', facts.path)}</p>
      <p class="page-summary">
        <strong>{t('thisPageSummary', summary.map(String))}</strong>
      </p>
      <h3>{t('thisPageToolsTitle')}</h3>
      {facts.webmcp ? null : (
        <p>
          {t(
            facts.secure ? 'thisPageNoWebmcp' : 'thisPageInsecure',
            String(facts.markupTools.length),
          )}
        </p>
      )}
      {tools.length === 0 && facts.webmcp ? <p>{t('thisPageNoTools')}</p> : null}
      <ul class="page-tools">
        {tools.map((tool, index) => (
          <li key={`${index} ${tool.name}`} class="page-item" data-tool={tool.name}>
            <span class="issue-name">
              <code>{tool.name || '–'}</code>{' '}
              <span class="muted">
                ({t(tool.source === 'script' ? 'thisPageSourceScript' : 'thisPageSourceMarkup')})
              </span>
            </span>
            {tool.description ? <p>{tool.description}</p> : null}
            {tool.params.length > 0 ? (
              <ul class="tool-params">
                {tool.params.map((param) => (
                  <li key={param.name}>
                    <code>{param.name || '–'}</code>
                    {param.type ? `: ${param.type}` : ''}
                    {param.description ? ` — ${param.description}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            <p class={tool.problems.length > 0 ? 'live live-fails' : 'live live-passes'}>
              {tool.problems.length > 0
                ? tool.problems.map(noteText).join('; ')
                : t('thisPageNoProblem')}
            </p>
          </li>
        ))}
      </ul>
      {forms.length > 0 ? (
        <>
          <h3>{t('thisPageFormsTitle')}</h3>
          <ul class="page-forms">
            {forms.map((form, index) => (
              <li key={`${index} ${form.label}`}>
                {t(FORM_WORDS[form.kind])}: <code>{form.label || '–'}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t('thisPageSignalsTitle')}</h3>
      <ul class="page-signals">
        {judgedResults(run, null).map((entry) => (
          <li key={entry.result.id} class="page-item">
            <span class="issue-name">{entry.result.name ?? entry.result.id}</span>
            <LiveResult
              judged={entry}
              requests={run.requests}
              onCopy={() => props.onCopy(entry.result.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
