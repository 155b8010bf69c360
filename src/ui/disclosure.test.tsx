// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from './disclosure';

afterEach(cleanup);

let made = 0;
function Content() {
  made += 1;
  return <p data-testid="content">made</p>;
}

/** Opens or closes the element as the browser does when its summary is clicked: the attribute, then a toggle. */
function toggle(details: HTMLDetailsElement, open: boolean) {
  act(() => {
    details.open = open;
    details.dispatchEvent(new Event('toggle'));
  });
}

describe('a disclosure makes its content when first opened', () => {
  it('closed: only the summary exists; opened: the content is made, and kept when closed again', () => {
    made = 0;
    const { container, queryByTestId } = render(
      <Disclosure summary="JSON Schema">
        <Content />
      </Disclosure>,
    );
    const details = container.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('JSON Schema');
    expect(queryByTestId('content')).toBeNull();
    expect(made).toBe(0);

    toggle(details, true);
    expect(queryByTestId('content')).not.toBeNull();
    toggle(details, false);
    expect(queryByTestId('content')).not.toBeNull();
  });

  it('opened from outside: open at once with its content, and the attribute follows the prop', () => {
    const { container, queryByTestId, rerender } = render(
      <Disclosure summary="Presets" open testId="group">
        <Content />
      </Disclosure>,
    );
    const details = container.querySelector<HTMLDetailsElement>('[data-testid="group"]')!;
    expect(details.open).toBe(true);
    expect(queryByTestId('content')).not.toBeNull();
    rerender(
      <Disclosure summary="Presets" open={false} testId="group">
        <Content />
      </Disclosure>,
    );
    expect(details.open).toBe(false);
    expect(queryByTestId('content')).not.toBeNull();
  });
});
