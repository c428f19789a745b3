import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from '../useAction';

describe('useAction', () => {
  it('is busy while the action runs and not after it succeeded', async () => {
    let finish = () => {};
    const { result } = renderHook(() =>
      useAction(() => new Promise<void>((resolve) => (finish = resolve))),
    );
    expect(result.current.busy).toBe(false);
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
  });

  it('hands a failure and the arguments to onError, and is no longer busy', async () => {
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useAction(async (id: string) => {
        throw new Error(`no ${id}`);
      }, onError),
    );
    await act(() => result.current.run('q-1'));
    expect(onError).toHaveBeenCalledWith(new Error('no q-1'), 'q-1');
    expect(result.current.busy).toBe(false);
  });

  it('rethrows a failure when nothing shows it', async () => {
    const { result } = renderHook(() =>
      useAction(async () => {
        throw new Error('boom');
      }),
    );
    await act(() => expect(result.current.run()).rejects.toThrow('boom'));
    expect(result.current.busy).toBe(false);
  });
});
