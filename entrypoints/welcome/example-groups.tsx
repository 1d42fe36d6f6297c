import { useMemo } from 'preact/hooks';
import { PreviewGroups } from '../../components/preview-groups';
import { groupResults } from '../../lib/group/results';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { t } from '../../shared/i18n';
import { EXAMPLE_QUERY, EXAMPLE_RESULTS } from './example';

const QUERY = '\uE000';

/** The picture: an example search's groups, drawn by the widget the options' preview uses. */
export function ExampleGroups() {
  const outcome = useMemo(() => groupResults(EXAMPLE_RESULTS, { threshold: DEFAULT_SETTINGS.resemblanceThreshold }), []);
  // The query is an element inside the sentence: the message holds a placeholder in its place (docs/i18n.md).
  const [before, after] = t('welcome_example_caption', QUERY).split(QUERY);
  return (
    <figure class="welcome-example" aria-labelledby="welcome-example-caption">
      <figcaption id="welcome-example-caption">
        {before}
        <q>{EXAMPLE_QUERY}</q>
        {after}
      </figcaption>
      <PreviewGroups groups={outcome.groups} items={EXAMPLE_RESULTS} />
    </figure>
  );
}
