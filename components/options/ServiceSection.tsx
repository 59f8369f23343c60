import { useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import type { BaseUrlChoice } from '../../lib/settings/service-base-url-choice';
import { LockedNote } from './LockedNote';

export interface ServiceSectionProps {
  /** The base URL lookups go to now. */
  baseUrl: string;
  defaultBaseUrl: string;
  locked: boolean;
  choice: BaseUrlChoice | null;
  onSave(raw: string): void;
  onReset(): void;
}

function choiceMessage(choice: BaseUrlChoice | null, baseUrl: string) {
  switch (choice?.kind) {
    case 'invalid':
      return <p role="alert">{t('optionsServiceInvalid')}</p>;
    case 'refused':
      return <p role="alert">{t('optionsServiceRefused', choice.host)}</p>;
    case 'saved':
    case 'reset':
      return <p role="status">{t('optionsServiceSaved', baseUrl)}</p>;
    case undefined:
      return null;
  }
}

export function ServiceSection(props: ServiceSectionProps) {
  const { baseUrl, defaultBaseUrl, locked, choice, onSave, onReset } = props;
  const [draft, setDraft] = useState(baseUrl);
  return (
    <section aria-labelledby="service-heading">
      <h2 id="service-heading">{t('optionsServiceHeading')}</h2>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <label>
          {t('optionsServiceLabel')}
          <input
            type="url"
            value={draft}
            disabled={locked}
            onInput={(event) => setDraft(event.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={locked}>
          {t('optionsServiceSave')}
        </button>
        <button
          type="button"
          disabled={locked || baseUrl === defaultBaseUrl}
          onClick={() => {
            setDraft(defaultBaseUrl);
            onReset();
          }}
        >
          {t('optionsServiceReset')}
        </button>
      </form>
      {locked && <LockedNote />}
      <p class="hint">{t('optionsServiceDefault', defaultBaseUrl)}</p>
      {choiceMessage(choice, baseUrl)}
    </section>
  );
}
