package org.rebalancesim.calibration;

/** A calibration run could not be set up or did not complete; the message says why and what to do. */
public class CalibrationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CalibrationException(String message) {
        super(message);
    }

    public CalibrationException(String message, Throwable cause) {
        super(message, cause);
    }
}
