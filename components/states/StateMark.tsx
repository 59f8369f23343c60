export interface StateMarkProps {
  /** The badge's mark for the state, so the popup and the toolbar say the same thing. */
  mark: string;
  /** Background behind the mark (white text), from lib/badge/score-band.ts. */
  color: string;
}

/** The big mark at the head of a view without a score: the badge, drawn large. */
export function StateMark({ mark, color }: StateMarkProps) {
  return (
    <span class="state-mark" style={{ '--band': color }} aria-hidden="true">
      {mark}
    </span>
  );
}
