import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface Props {
  message: string;
  children: ReactNode;
}

/** A live query that fails (IndexedDB unavailable, closed) shows the screen's load message. */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Something went wrong">
        <Text size="sm">{this.props.message}</Text>
        <div>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            color="red"
            onClick={() => this.setState({ failed: false })}
          >
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
}
