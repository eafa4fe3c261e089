import { useEffect, useEffectEvent, useRef } from 'react';
import { takeEarlyPress } from '~/lib/early-submit';

/** Text fields that hold something, by name (checkboxes and buttons are not typed into). */
export type TypedValues = Record<string, string>;

const NOT_TYPED = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'file']);

function typedValues(form: HTMLFormElement): TypedValues {
  const values: TypedValues = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || NOT_TYPED.has(element.type) || element.value === '') continue;
    values[element.name] = element.value;
  }
  return values;
}

/**
 * For a prerendered form: on hydration, hands what was typed before it to
 * `restore` (so state, meters and validation see it), marks the form hydrated
 * and replays a submit pressed before hydration. Spread the result on the <form>.
 */
export function useEarlyInput(restore?: (values: TypedValues) => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const onRestore = useEffectEvent((values: TypedValues) => restore?.(values));

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values = typedValues(form);
    if (Object.keys(values).length > 0) onRestore(values);
    form.dataset.hydrated = 'true';
    // The handlers read the fields (or a store restore just filled), so the replay sees what was typed.
    if (takeEarlyPress(form)) form.requestSubmit();
  }, []);

  return { ref: formRef, 'data-replay-submit': '' } as const;
}

/** For a button on a prerendered page: a press before hydration is replayed once React runs it. Spread on the button. */
export function useEarlyClick() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = buttonRef.current;
    if (!button) return;
    button.dataset.hydrated = 'true';
    if (!takeEarlyPress(button)) return;
    // A task later, not now: values read from the browser during hydration (the viewport's width, a
    // stored setting) are re-rendered right after this effect, and the press must see them.
    const replay = window.setTimeout(() => button.click(), 0);
    return () => window.clearTimeout(replay);
  }, []);
  return { ref: buttonRef, 'data-replay-click': '' } as const;
}
