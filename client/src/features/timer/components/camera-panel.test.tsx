import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CameraSetup } from './camera-panel';

const setup = (props: Partial<Parameters<typeof CameraSetup>[0]>) =>
  render(
    <CameraSetup
      status="ready"
      faceSeen={false}
      calibrationProblem={null}
      onCalibrate={() => undefined}
      onUseTaps={() => undefined}
      {...props}
    />,
  );

describe('CameraSetup', () => {
  it('says ready only once a face is found', () => {
    const { rerender } = setup({});
    expect(screen.getByTestId('camera-status')).toHaveTextContent(
      'Camera on. Looking for your face',
    );
    expect(screen.getByTestId('camera-status')).not.toHaveTextContent('ready');
    rerender(
      <CameraSetup
        status="ready"
        faceSeen
        calibrationProblem={null}
        onCalibrate={() => undefined}
        onUseTaps={() => undefined}
      />,
    );
    expect(screen.getByTestId('camera-status')).toHaveTextContent(
      'Camera ready. Get into the top position, then tap Set top position.',
    );
  });

  it('says why the top position was not set: no face, or the phone too close', () => {
    const { rerender } = setup({ faceSeen: true, calibrationProblem: 'no-face' });
    expect(screen.getByTestId('camera-status')).toHaveTextContent(
      'No face found. Put the phone under your face and try again.',
    );
    rerender(
      <CameraSetup
        status="ready"
        faceSeen
        calibrationProblem="too-close"
        onCalibrate={() => undefined}
        onUseTaps={() => undefined}
      />,
    );
    expect(screen.getByTestId('camera-status')).toHaveTextContent(/^Move the phone further away/);
    expect(screen.getByRole('button', { name: 'Set top position' })).toBeEnabled();
  });
});
